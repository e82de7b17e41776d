// @vitest-environment node
import { describe, expect, it } from "vitest";

import {
  listFromServer,
  NOTE_PAGE,
  notesAfter,
  sameVersions,
  withPage,
  type NoteListItem,
  type NotesPage,
} from "@/lib/notes/list";

function note(n: number, pinned = false): NoteListItem {
  // Higher n: edited later, so earlier in the list.
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();
  return {
    id: `id-${String(n).padStart(3, "0")}`,
    title: `Note ${n}`,
    preview: "",
    pinned,
    updated_at: at,
    deleted_at: null,
  };
}

describe("notesAfter", () => {
  it("continues after an unpinned note by time, then by id, never reaching back to pinned ones", () => {
    const last = { id: "b", pinned: false, updated_at: "2026-01-01T00:00:00.123456+00:00" };
    expect(notesAfter(last)).toBe(
      'and(pinned.eq.false,updated_at.lt."2026-01-01T00:00:00.123456+00:00"),' +
        'and(pinned.eq.false,updated_at.eq."2026-01-01T00:00:00.123456+00:00",id.lt.b)',
    );
  });

  it("after a pinned note, the unpinned ones all follow", () => {
    expect(notesAfter({ id: "b", pinned: true, updated_at: "2026-01-01T00:00:00Z" })).toMatch(
      /^pinned\.eq\.false,and\(pinned\.eq\.true,/,
    );
  });
});

describe("withPage", () => {
  it("adds a page in order and keeps the entry the list already had", () => {
    const renamed = { ...note(5), title: "Renamed here" };
    const merged = withPage([note(9), renamed], [note(5), note(3), note(1)]);
    expect(merged.map((n) => n.title)).toEqual(["Note 9", "Renamed here", "Note 3", "Note 1"]);
  });
});

describe("listFromServer", () => {
  const first: NotesPage = { notes: [note(9), note(8)], more: true };

  it("starts from the server's page, continuing after its last note", () => {
    const state = listFromServer(first);
    expect(state).toMatchObject({ notes: first.notes, more: true, cursor: note(8) });
  });

  it("keeps the older pages loaded here when the server sends its first page again", () => {
    const loaded = {
      ...listFromServer(first),
      notes: [note(9), note(8), note(7), note(6)],
      cursor: note(6),
      more: false,
    };
    // A new note was made: the server's first page now ends one note earlier.
    const again: NotesPage = { notes: [note(10), note(9)], more: true };
    const state = listFromServer(again, loaded);
    expect(state.notes.map((n) => n.title)).toEqual([
      "Note 10",
      "Note 9",
      "Note 8",
      "Note 7",
      "Note 6",
    ]);
    expect(state).toMatchObject({ more: false, cursor: note(6) });
  });

  it("takes the server's page alone when it reaches as far as what was loaded here", () => {
    const again: NotesPage = { notes: [note(10), note(9), note(8), note(7)], more: true };
    expect(listFromServer(again, listFromServer(first))).toMatchObject({
      notes: again.notes,
      more: true,
      cursor: note(7),
    });
  });

  it("keeps a note that slid off the server's page, and continues after it", () => {
    const again: NotesPage = { notes: [note(10), note(9)], more: true };
    const state = listFromServer(again, listFromServer(first));
    expect(state.notes.map((n) => n.title)).toEqual(["Note 10", "Note 9", "Note 8"]);
    expect(state).toMatchObject({ more: true, cursor: note(8) });
  });
});

describe("sameVersions: whether the list shown still starts as the server's first page", () => {
  const row = (n: number, pinned = false) => {
    const { id, updated_at } = note(n, pinned);
    // The database's spelling of the same instant, as PostgREST sends it.
    return { id, pinned, updated_at: updated_at.replace("Z", "+00:00") };
  };
  const shown = [note(9, true), note(8), note(7)];

  it("holds when ids, pins and edits all match", () => {
    expect(sameVersions([row(9, true), row(8), row(7)], shown)).toBe(true);
  });

  it("fails for a note added, trashed, pinned or edited elsewhere", () => {
    expect(sameVersions([row(10), row(9, true), row(8), row(7)], shown)).toBe(false);
    expect(sameVersions([row(9, true), row(7)], shown)).toBe(false);
    expect(sameVersions([row(9, true), row(8, true), row(7)], shown)).toBe(false);
    expect(
      sameVersions([row(9, true), { ...row(8), updated_at: row(11).updated_at }, row(7)], shown),
    ).toBe(false);
  });

  it("compares a full page with the start of a longer list, and a short page with all of it", () => {
    const many = Array.from({ length: NOTE_PAGE + 5 }, (_, i) => note(500 - i));
    const page = Array.from({ length: NOTE_PAGE }, (_, i) => row(500 - i));
    expect(sameVersions(page, many)).toBe(true);
    expect(sameVersions(page.slice(0, 3), many.slice(0, 4))).toBe(false);
  });
});
