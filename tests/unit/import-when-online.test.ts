// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";

import { importWhenOnline, isOffline, readWhenOnline } from "@/lib/when-online";

const chunkError = () =>
  Object.assign(new Error("Failed to load chunk /_next/static/chunks/a.js"), {
    name: "ChunkLoadError",
  });

function setOnline(online: boolean) {
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
}

describe("importWhenOnline", () => {
  afterEach(() => {
    setOnline(true);
    vi.useRealTimers();
  });

  it("answers at once when the code loads", async () => {
    const load = vi.fn(async () => ({ Panel: "panel" }));
    await expect(importWhenOnline(load)).resolves.toEqual({ Panel: "panel" });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("offline, waits for the connection to come back and then loads, instead of failing", async () => {
    setOnline(false);
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw chunkError();
      return "loaded";
    });
    let settled: string | null = null;
    const loading = importWhenOnline(load).then(
      (value) => (settled = value),
      () => (settled = "failed"),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Still offline: no second try yet, and nothing has failed.
    expect(load).toHaveBeenCalledTimes(1);
    expect(settled).toBeNull();

    fail = false;
    setOnline(true);
    window.dispatchEvent(new Event("online"));
    await loading;
    expect(settled).toBe("loaded");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("online all along, tries again after a pause", async () => {
    vi.useFakeTimers();
    let calls = 0;
    const loading = importWhenOnline(
      async () => {
        calls += 1;
        if (calls === 1) throw chunkError();
        return "second time";
      },
      { pauseMs: 1_000 },
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(loading).resolves.toBe("second time");
    expect(calls).toBe(2);
  });

  it("gives up after its tries with the last error, so a page that can never load it says so", async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => {
      throw chunkError();
    });
    const loading = importWhenOnline(load, { tries: 3, pauseMs: 10 });
    const outcome = expect(loading).rejects.toThrow("Failed to load chunk");
    await vi.advanceTimersByTimeAsync(100);
    await outcome;
    expect(load).toHaveBeenCalledTimes(3);
  });
});

describe("readWhenOnline", () => {
  afterEach(() => setOnline(true));

  it("online, reads at once and not again when the connection comes back", () => {
    const read = vi.fn();
    readWhenOnline(read);
    expect(read).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event("online"));
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("offline, asks nothing until the connection returns, then reads once", () => {
    setOnline(false);
    expect(isOffline()).toBe(true);
    const read = vi.fn();
    readWhenOnline(read);
    window.dispatchEvent(new Event("offline"));
    expect(read).not.toHaveBeenCalled();
    setOnline(true);
    window.dispatchEvent(new Event("online"));
    window.dispatchEvent(new Event("online"));
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("with `again`, reads at once and on every return of the connection, until stopped", () => {
    const read = vi.fn();
    const stop = readWhenOnline(read, { again: true });
    expect(read).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event("online"));
    window.dispatchEvent(new Event("online"));
    expect(read).toHaveBeenCalledTimes(3);
    stop();
    window.dispatchEvent(new Event("online"));
    expect(read).toHaveBeenCalledTimes(3);
  });

  it("stopped while offline (the note was closed), never reads", () => {
    setOnline(false);
    const read = vi.fn();
    const stop = readWhenOnline(read, { again: true });
    stop();
    setOnline(true);
    window.dispatchEvent(new Event("online"));
    expect(read).not.toHaveBeenCalled();
  });
});
