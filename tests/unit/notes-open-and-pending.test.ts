// @vitest-environment node
import * as Y from "yjs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { openNote, type OpenNoteOptions } from "@/lib/notes/sync/open-note";
import { keepNoteMadeHere } from "@/lib/notes/sync/pending-creates";
import { markPending, pendingNotes } from "@/lib/notes/sync/pending-notes";
import { pushPendingNotes } from "@/lib/notes/sync/push-pending";
import { TransientError, type NoteStore, type SaveState } from "@/lib/notes/sync/types";

/** A note's sync as openNote drives it: catchUp fails while `reachable` is false. */
function fakeSync() {
  const calls: string[] = [];
  const sync = {
    reachable: false,
    refuse: false,
    calls,
    catchUp: vi.fn(async () => {
      calls.push("catchUp");
      if (sync.refuse) throw new Error("Note not found.");
      if (!sync.reachable) throw new TransientError("Failed to fetch");
    }),
    seed: vi.fn(async () => {
      calls.push("seed");
    }),
    deriveText: vi.fn(async () => {
      calls.push("deriveText");
    }),
  };
  return sync;
}

function open(sync: ReturnType<typeof fakeSync>, overrides: Partial<OpenNoteOptions> = {}) {
  const seen = { ready: 0, caughtUp: 0, unreachable: [] as boolean[], states: [] as SaveState[] };
  const opened = openNote({
    sync,
    text: { title: "Trip", body: "to Lisbon" },
    hadLocalCopy: false,
    buildSeed: () => new Uint8Array([1]),
    onReady: () => (seen.ready += 1),
    onCaughtUp: () => (seen.caughtUp += 1),
    onUnreachable: (u) => seen.unreachable.push(u),
    onState: (s) => seen.states.push(s),
    retryMs: (n) => 1000 * 2 ** n,
    ...overrides,
  });
  return { opened, seen };
}

describe("opening a note", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("a note with text and no copy here waits, unshown, until the stored state has loaded", async () => {
    const sync = fakeSync();
    const { opened, seen } = open(sync);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.ready).toBe(0);
    expect(seen.states).toEqual(["offline"]);
    expect(seen.unreachable).toEqual([true]);

    // Backing off: 1 s, then 2 s.
    await vi.advanceTimersByTimeAsync(1000);
    expect(sync.catchUp).toHaveBeenCalledTimes(2);
    sync.reachable = true;
    await vi.advanceTimersByTimeAsync(1999);
    expect(sync.catchUp).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await opened.opened;
    expect(seen.ready).toBe(1);
    expect(seen.caughtUp).toBe(1);
    expect(seen.unreachable.at(-1)).toBe(false);
    // The text is brought up to the stored document once the note has caught up (and seeded).
    expect(sync.calls.slice(-3)).toEqual(["catchUp", "seed", "deriveText"]);
  });

  it("a note with a copy on this device, or with no text yet, is ready at once, even offline", async () => {
    for (const overrides of [
      { hadLocalCopy: true },
      { text: { title: "", body: "" } },
    ] satisfies Partial<OpenNoteOptions>[]) {
      const sync = fakeSync();
      const { opened, seen } = open(sync, overrides);
      expect(seen.ready).toBe(1);
      await vi.advanceTimersByTimeAsync(0);
      expect(seen.unreachable).toEqual([false]);
      opened.stop();
    }
  });

  it("a note with no text is never seeded", async () => {
    const sync = fakeSync();
    sync.reachable = true;
    const { opened } = open(sync, { text: { title: "", body: "" } });
    await opened.opened;
    expect(sync.calls).toEqual(["catchUp", "deriveText"]);
  });

  it("back online, it tries again at once instead of at the next retry", async () => {
    const sync = fakeSync();
    const { opened, seen } = open(sync);
    await vi.advanceTimersByTimeAsync(0);
    sync.reachable = true;
    opened.retryNow();
    await opened.opened;
    expect(sync.catchUp).toHaveBeenCalledTimes(2);
    expect(seen.ready).toBe(1);
    // No retry is left waiting.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sync.catchUp).toHaveBeenCalledTimes(2);
  });

  it("a refusal is shown as an error and not retried", async () => {
    const sync = fakeSync();
    sync.refuse = true;
    const { opened, seen } = open(sync);
    await opened.opened;
    expect(seen.states).toEqual(["error"]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sync.catchUp).toHaveBeenCalledTimes(1);
    expect(seen.ready).toBe(0);
  });

  it("once stopped (the page left), nothing more is tried or reported", async () => {
    const sync = fakeSync();
    const { opened, seen } = open(sync);
    await vi.advanceTimersByTimeAsync(0);
    opened.stop();
    sync.reachable = true;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sync.catchUp).toHaveBeenCalledTimes(1);
    expect(seen.ready).toBe(0);
    await opened.opened;
  });
});

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
  removeItem = (k: string) => void this.items.delete(k);
}

/** The server's side of one note: stored rows, and whether it can be reached. */
function serverNote() {
  const server = {
    rows: [] as Uint8Array[],
    online: true,
    text: () => {
      const doc = new Y.Doc();
      for (const r of server.rows) Y.applyUpdate(doc, r);
      return doc.getText("t").toString();
    },
    store: (): NoteStore => ({
      load: async () => {
        if (!server.online) throw new TransientError("Failed to fetch");
        return {
          ydoc: new Uint8Array(),
          version: 0,
          updates: server.rows.map((data, i) => ({ id: i + 1, data })),
        };
      },
      append: async (data) => {
        if (!server.online) throw new TransientError("Failed to fetch");
        server.rows.push(data);
        return server.rows.length;
      },
      compact: async () => 0,
      derive: async () => {},
    }),
  };
  return server;
}

describe("changes made offline, stored from a later tab that opens only the list", () => {
  it("notes are marked while they have unstored changes, per person", () => {
    const storage = new MemoryStorage();
    markPending(storage, "u1", "n1", true);
    markPending(storage, "u1", "n1", true);
    markPending(storage, "u1", "n2", true);
    markPending(storage, "u2", "n3", true);
    expect(pendingNotes(storage, "u1")).toEqual(["n1", "n2"]);
    markPending(storage, "u1", "n1", false);
    expect(pendingNotes(storage, "u1")).toEqual(["n2"]);
    storage.setItem("groundwork:u1:unsaved-notes", "not json");
    expect(pendingNotes(storage, "u1")).toEqual([]);
  });

  it("stores what only this device holds, and unmarks the note only once it is stored", async () => {
    const storage = new MemoryStorage();
    const server = serverNote();
    // This device's copy (IndexedDB) holds an edit the server never got.
    const copy = new Y.Doc();
    copy.getText("t").insert(0, "written offline");
    const saved = Y.encodeStateAsUpdate(copy);
    markPending(storage, "u1", "n1", true);
    const openCopy = async () => {
      const doc = new Y.Doc();
      Y.applyUpdate(doc, saved);
      return { doc, store: server.store(), close: async () => doc.destroy() };
    };

    server.online = false;
    expect(await pushPendingNotes(storage, "u1", openCopy)).toBe(0);
    expect(pendingNotes(storage, "u1")).toEqual(["n1"]);
    expect(server.text()).toBe("");

    server.online = true;
    expect(await pushPendingNotes(storage, "u1", openCopy)).toBe(1);
    expect(server.text()).toBe("written offline");
    expect(pendingNotes(storage, "u1")).toEqual([]);
  });

  it("stores a note made on this device even when nothing marks it, and says when the server refuses one", async () => {
    const storage = new MemoryStorage();
    const server = serverNote();
    const copy = new Y.Doc();
    copy.getText("t").insert(0, "made offline");
    const saved = Y.encodeStateAsUpdate(copy);
    // Made here; its mark lost (a tab that closed at the wrong moment): it is nowhere else.
    keepNoteMadeHere(storage, "u1", { id: "n2", folder: null, created_at: "2026-11-28" });
    const opened: string[] = [];
    const openCopy = async (noteId: string) => {
      opened.push(noteId);
      const doc = new Y.Doc();
      Y.applyUpdate(doc, saved);
      return { doc, store: server.store(), close: async () => doc.destroy() };
    };
    expect(await pushPendingNotes(storage, "u1", openCopy)).toBe(1);
    expect(opened).toEqual(["n2"]);
    expect(server.text()).toBe("made offline");

    // A refusal (not a lost connection) unmarks the note and is said, with its id.
    markPending(storage, "u1", "n3", true);
    const refused: string[] = [];
    const refusing = async () => ({
      doc: new Y.Doc(),
      store: {
        ...server.store(),
        load: async () => {
          throw new Error("The note is gone");
        },
      },
      close: async () => {},
    });
    await pushPendingNotes(storage, "u1", refusing, (id, message) =>
      refused.push(`${id}: ${message}`),
    );
    expect(refused).toContain("n3: The note is gone");
    expect(pendingNotes(storage, "u1")).not.toContain("n3");
  });
});
