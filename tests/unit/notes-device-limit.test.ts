// @vitest-environment node
import { describe, expect, it } from "vitest";

import {
  forgetOpened,
  noteOpenedHere,
  notesOpened,
  notesToLetGo,
} from "@/lib/notes/offline/device-limit";
import {
  DEFAULT_KEEP,
  KEEP_NOTES_KEY,
  keptNotesLimit,
  setKeptNotesLimit,
} from "@/lib/notes/offline/keep-setting";

import { memoryStorage } from "./support/memory-storage";

const USER = "user-1";

describe("how many notes a device keeps to open offline", () => {
  it("keeps a thousand until the person chooses, and reads back each choice the setting offers", () => {
    const storage = memoryStorage();
    expect(keptNotesLimit(storage)).toBe(DEFAULT_KEEP);
    expect(DEFAULT_KEEP).toBe(1000);
    for (const choice of [100, 500, 1000, null] as const) {
      setKeptNotesLimit(storage, choice);
      expect(keptNotesLimit(storage)).toBe(choice);
    }
    // A value it did not write is not a limit.
    storage.setItem(KEEP_NOTES_KEY, "7");
    expect(keptNotesLimit(storage)).toBe(DEFAULT_KEEP);
  });

  it("lets go of the least recently opened past the limit, never one to keep", () => {
    const onDevice = ["a", "b", "c", "d", "e"];
    const opened = { a: 50, b: 10, c: 40, d: 20 }; // "e" was never seen opened: oldest.
    expect(notesToLetGo(onDevice, opened, new Set(), 5)).toEqual([]);
    expect(notesToLetGo(onDevice, opened, new Set(), 3)).toEqual(["e", "b"]);
    // "b" has changes waiting and "e" is open in a tab: the next oldest go instead.
    expect(notesToLetGo(onDevice, opened, new Set(["b", "e"]), 3)).toEqual(["d", "c"]);
    // Every note kept is one to keep: none go, past the limit or not.
    expect(notesToLetGo(onDevice, opened, new Set(onDevice), 0)).toEqual([]);
    expect(notesToLetGo(onDevice, opened, new Set(["a"]), 0)).toEqual(["e", "b", "d", "c"]);
    // Every note: nothing goes.
    expect(notesToLetGo(onDevice, opened, new Set(), null)).toEqual([]);
  });

  it("remembers when each note was last opened, per person, and forgets the ones let go", () => {
    const storage = memoryStorage();
    noteOpenedHere(storage, USER, "a", 100);
    noteOpenedHere(storage, USER, "b", 200);
    noteOpenedHere(storage, USER, "a", 300);
    noteOpenedHere(storage, "someone-else", "c", 400);
    expect(notesOpened(storage, USER)).toEqual({ a: 300, b: 200 });
    forgetOpened(storage, USER, ["a"]);
    expect(notesOpened(storage, USER)).toEqual({ b: 200 });
    storage.setItem(`groundwork:${USER}:opened-notes`, "not json");
    expect(notesOpened(storage, USER)).toEqual({});
  });
});
