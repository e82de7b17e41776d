// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";

import { batched } from "@/lib/notes/change-batch";

afterEach(() => vi.useRealTimers());

describe("changes handed over together", () => {
  it("a thousand changes arriving one message each make one delivery, in order", async () => {
    vi.useFakeTimers();
    const deliveries: number[][] = [];
    const batch = batched<number>((items) => deliveries.push(items), 50);
    for (let i = 0; i < 1000; i++) {
      batch.push(i);
      // Each arrives in a task of its own, as WebSocket messages do.
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(deliveries).toEqual([]);
    await vi.advanceTimersByTimeAsync(50);
    expect(deliveries).toEqual([Array.from({ length: 1000 }, (_, i) => i)]);

    // A change after that starts a window of its own, and waits no longer than it.
    batch.push(1000);
    await vi.advanceTimersByTimeAsync(49);
    expect(deliveries).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(deliveries).toEqual([expect.any(Array), [1000]]);
  });

  it("a page that stops listening is handed nothing that waited", async () => {
    vi.useFakeTimers();
    const deliver = vi.fn();
    const batch = batched<string>(deliver, 50);
    batch.push("a");
    batch.cancel();
    await vi.advanceTimersByTimeAsync(100);
    expect(deliver).not.toHaveBeenCalled();
    batch.push("b");
    await vi.advanceTimersByTimeAsync(50);
    expect(deliver).toHaveBeenCalledWith(["b"]);
  });
});
