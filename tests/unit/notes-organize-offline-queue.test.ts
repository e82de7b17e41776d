import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("sonner", () => ({ toast: vi.fn() }));

import {
  dropChangesFor,
  flushChanges,
  queueChange,
  queuedChanges,
  withWaitingChanges,
  type NoteChange,
} from "@/lib/notes/offline/organize-queue";
import type { ShellNote } from "@/lib/notes/offline/shell-list";

import { memoryStorage } from "./support/memory-storage";

const USER = "00000000-0000-4000-8000-0000000000aa";
const A = "0a000000-0000-4000-8000-00000000000a";
const B = "0b000000-0000-4000-8000-00000000000b";
const C = "0c000000-0000-4000-8000-00000000000c";

const pin = (id: string, pinned: boolean, at: string): NoteChange => ({
  id,
  kind: "pin",
  pinned,
  at,
});
const trash = (id: string, trashed: boolean, at: string): NoteChange => ({
  id,
  kind: "trash",
  trashed,
  at,
});

describe("pins and Trash waiting on this device", () => {
  it("keep the order they were made in, the later of two of a kind for one note replacing the earlier", () => {
    const storage = memoryStorage();
    queueChange(storage, USER, pin(A, true, "1"));
    queueChange(storage, USER, trash(B, true, "2"));
    queueChange(storage, USER, pin(A, false, "3"));
    queueChange(storage, USER, trash(A, true, "4"));
    expect(queuedChanges(storage, USER)).toEqual([
      trash(B, true, "2"),
      pin(A, false, "3"),
      trash(A, true, "4"),
    ]);
    dropChangesFor(storage, USER, A);
    expect(queuedChanges(storage, USER)).toEqual([trash(B, true, "2")]);
  });

  it("are sent in order; one refused is said and dropped; an unanswered one stops the line", async () => {
    const storage = memoryStorage();
    queueChange(storage, USER, pin(A, true, "1"));
    queueChange(storage, USER, trash(B, true, "2"));
    queueChange(storage, USER, pin(C, true, "3"));
    const sent: string[] = [];
    const refused: string[] = [];
    const first = await flushChanges(
      storage,
      USER,
      async (change) => {
        sent.push(change.id);
        if (change.id === A) return { error: "That note doesn't exist." };
        if (change.id === B) return { error: "Couldn't move the note to Trash.", retry: true };
        return {};
      },
      (change, message) => refused.push(`${change.id} ${message}`),
    );
    expect(first).toBe(1);
    expect(sent).toEqual([A, B]);
    expect(refused).toEqual([`${A} That note doesn't exist.`]);
    expect(queuedChanges(storage, USER).map((c) => c.id)).toEqual([B, C]);

    const second = await flushChanges(
      storage,
      USER,
      async () => ({}),
      () => {},
    );
    expect(second).toBe(2);
    expect(queuedChanges(storage, USER)).toEqual([]);
    expect(storage.map.size).toBe(0);
  });

  it("keep a change made while the previous one was on its way", async () => {
    const storage = memoryStorage();
    queueChange(storage, USER, pin(A, true, "1"));
    await flushChanges(
      storage,
      USER,
      async () => {
        // The person unpins while the pin is being sent: the unpin still waits.
        queueChange(storage, USER, pin(A, false, "2"));
        return {};
      },
      () => {},
    );
    expect(queuedChanges(storage, USER)).toEqual([pin(A, false, "2")]);
  });

  it("stop at a thrown request (no network) and keep everything", async () => {
    const storage = memoryStorage();
    queueChange(storage, USER, pin(A, true, "1"));
    const sent = await flushChanges(
      storage,
      USER,
      async () => {
        throw new TypeError("Failed to fetch");
      },
      () => {},
    );
    expect(sent).toBe(0);
    expect(queuedChanges(storage, USER)).toHaveLength(1);
  });
});

const note = (id: string, title: string, updated_at: string, extra: Partial<ShellNote> = {}) =>
  ({
    id,
    title,
    preview: "",
    pinned: false,
    updated_at,
    deleted_at: null,
    folder_id: null,
    folder: null,
    tags: [],
    onDevice: true,
    ...extra,
  }) as ShellNote;

describe("the offline list with what waits laid over it", () => {
  it("shows pins, moves and Trash at once, the notes made here staying first", () => {
    const made = note(C, "", "2026-01-05", { madeHere: true });
    const {
      notes,
      trash: trashed,
      waiting,
    } = withWaitingChanges(
      [made, note(A, "A", "2026-01-03"), note(B, "B", "2026-01-02")],
      [pin(B, true, "1"), trash(A, true, "2")],
      { [B]: "f1" },
      new Map([["f1", "Trips"]]),
    );
    expect(notes.map((n) => [n.title, n.pinned, n.folder_id, n.folder])).toEqual([
      ["", false, null, null],
      ["B", true, "f1", "Trips"],
    ]);
    expect(trashed.map((n) => n.id)).toEqual([A]);
    expect([...waiting].sort()).toEqual([A, B].sort());
  });

  it("puts a note restored before it synced back in the list", () => {
    const { notes, trash: trashed } = withWaitingChanges(
      [note(A, "A", "2026-01-03")],
      [trash(A, false, "2")],
      {},
      new Map(),
    );
    expect(notes.map((n) => n.id)).toEqual([A]);
    expect(trashed).toEqual([]);
  });
});

describe("Pin and Delete on a note's page with no network", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("wait on the device of the person signed in here, the later pin replacing the earlier", async () => {
    const storage = memoryStorage();
    vi.stubGlobal("localStorage", storage);
    const { keepWhileOffline } = await import("@/lib/notes/offline/organize-live");
    // Nobody's notes are kept here: nothing can wait.
    expect(keepWhileOffline(A, { pinned: true })).toBe(false);
    storage.setItem("groundwork:device-user", USER);
    expect(keepWhileOffline(A, { pinned: true })).toBe(true);
    expect(keepWhileOffline(A, { trashed: true })).toBe(true);
    expect(keepWhileOffline(A, { pinned: false })).toBe(true);
    expect(
      queuedChanges(storage, USER).map((c) => [c.kind, "pinned" in c ? c.pinned : c.trashed]),
    ).toEqual([
      ["trash", true],
      ["pin", false],
    ]);
  });
});
