import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";

import { NoteBroadcast } from "@/lib/notes/sync/broadcast";

/** A device typing into its document, and the updates its broadcast posts. */
function typing(windowMs = 40, burst?: number) {
  const doc = new Y.Doc();
  const posted: Uint8Array[] = [];
  const broadcast = new NoteBroadcast((u) => posted.push(u), { windowMs, burst });
  doc.on("update", (u: Uint8Array) => broadcast.send(u));
  const type = (text: string) => doc.getText("t").insert(doc.getText("t").length, text);
  /** What another device shows once it applied everything posted. */
  const seen = () => {
    const other = new Y.Doc();
    for (const u of posted) Y.applyUpdate(other, u);
    return other.getText("t").toString();
  };
  return { broadcast, posted, type, seen };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("a note's broadcast", () => {
  it("sends nothing while the person is alone on the note", () => {
    const { broadcast, posted, type } = typing();
    broadcast.setPeers(0);
    for (const c of "hello there") type(c);
    vi.advanceTimersByTime(1000);
    expect(posted).toHaveLength(0);
  });

  it("sends each key at once while a burst lasts, then what follows within the window merged at its end", () => {
    const { broadcast, posted, type, seen } = typing(40, 12);
    broadcast.setPeers(1);
    const word = "quicklytyped";
    for (const [i, c] of [...word].entries()) {
      type(c);
      expect(posted).toHaveLength(i + 1);
    }
    type("x");
    vi.advanceTimersByTime(10);
    type("y");
    expect(posted).toHaveLength(12);
    vi.advanceTimersByTime(29);
    expect(posted).toHaveLength(12);
    vi.advanceTimersByTime(1);
    expect(posted).toHaveLength(13);
    expect(seen()).toBe(`${word}xy`);
  });

  it("sends a key typed no faster than one a window at once, by itself, however long the typing", () => {
    const { broadcast, posted, type, seen } = typing(40);
    broadcast.setPeers(1);
    for (let i = 0; i < 300; i++) {
      type(String.fromCharCode(97 + (i % 26)));
      expect(posted).toHaveLength(i + 1);
      vi.advanceTimersByTime(40);
    }
    expect(seen()).toHaveLength(300);
  });

  it("with a burst of one, sends the first keystroke at once, and what follows within the window merged at its end", () => {
    const { broadcast, posted, type, seen } = typing(40, 1);
    broadcast.setPeers(1);
    type("a");
    expect(posted).toHaveLength(1);
    vi.advanceTimersByTime(10);
    type("b");
    vi.advanceTimersByTime(10);
    type("c");
    expect(posted).toHaveLength(1);
    vi.advanceTimersByTime(20);
    expect(posted).toHaveLength(2);
    expect(seen()).toBe("abc");
  });

  it("costs at most one message per window, beyond the burst, however fast the typing", () => {
    const { broadcast, posted, type, seen } = typing(40, 12);
    broadcast.setPeers(2);
    // A minute of a key every 10 ms: 6,000 keys.
    for (let i = 0; i < 6000; i++) {
      type(String.fromCharCode(97 + (i % 26)));
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(40);
    // The burst, one a window for the minute, and the window's end after the last key.
    expect(posted.length).toBeLessThanOrEqual(12 + 60_000 / 40 + 1);
    expect(posted.length).toBeGreaterThan(60_000 / 40 - 1);
    expect(seen()).toHaveLength(6000);
  });

  it("with a burst of one, costs at most one message per window however fast the typing", () => {
    const { broadcast, posted, type, seen } = typing(40, 1);
    broadcast.setPeers(2);
    for (let i = 0; i < 6000; i++) {
      type(String.fromCharCode(97 + (i % 26)));
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(40);
    expect(posted.length).toBeLessThanOrEqual(60_000 / 40 + 1);
    expect(seen()).toHaveLength(6000);
  });

  it("gives a device that joins what was typed alone in the last seconds, so nothing in flight is missed", () => {
    const doc = new Y.Doc();
    const posted: Uint8Array[] = [];
    const broadcast = new NoteBroadcast((u) => posted.push(u));
    doc.on("update", (u: Uint8Array) => broadcast.send(u));
    const text = doc.getText("t");
    text.insert(0, "old ");
    // What the joining device loads from storage: everything typed up to a moment ago.
    const stored = Y.encodeStateAsUpdate(doc);
    vi.advanceTimersByTime(20_000);
    text.insert(text.length, "recent");
    expect(posted).toHaveLength(0);
    broadcast.setPeers(1);
    expect(posted).toHaveLength(1);
    const joined = new Y.Doc();
    Y.applyUpdate(joined, stored);
    Y.applyUpdate(joined, posted[0]);
    expect(joined.getText("t").toString()).toBe("old recent");
    // Only the last seconds travel, not the whole note.
    const alone = new Y.Doc();
    Y.applyUpdate(alone, posted[0]);
    expect(alone.getText("t").toString()).toBe("");
  });

  it("sends what is queued when the channel closes", () => {
    const { broadcast, posted, type, seen } = typing();
    broadcast.setPeers(1);
    type("x");
    type("y");
    broadcast.close();
    expect(posted).toHaveLength(2);
    expect(seen()).toBe("xy");
  });
});
