// @vitest-environment node
import { describe, expect, it } from "vitest";

import { shellList } from "@/lib/notes/offline/shell-list";
import {
  forgetShownText,
  keepShownText,
  SHOWN_TEXT_LIMIT,
  shownTextKey,
  shownTexts,
  withShownText,
} from "@/lib/notes/offline/shown-text";

import { memoryStorage } from "./support/memory-storage";

const USER = "00000000-0000-4000-8000-000000000001";
const ID_A = "0a000000-0000-4000-8000-00000000000a";
const ID_B = "0b000000-0000-4000-8000-00000000000b";

const listed = (id: string, title: string, updated_at: string) => ({
  id,
  title,
  preview: "",
  pinned: false,
  updated_at,
  deleted_at: null,
  folder: null,
  onDevice: true,
});

describe("the text the offline shell lists for a note written on this device", () => {
  it("shows the title and the start of the text written here over an older list's", () => {
    const storage = memoryStorage();
    keepShownText(storage, USER, {
      id: ID_A,
      title: "Tickets to Porto",
      body: "- [ ] **train** at eight\nplatform 2",
      updated_at: "2026-11-28T10:00:00.000Z",
    });
    const notes = withShownText(
      [
        listed(ID_A, "", "2026-11-28T09:59:00+00:00"),
        listed(ID_B, "Hotel", "2026-11-27T09:00:00+00:00"),
      ],
      shownTexts(storage, USER),
    );
    expect(notes[0]).toMatchObject({
      title: "Tickets to Porto",
      updated_at: "2026-11-28T10:00:00.000Z",
    });
    // The list's own preview: no Markdown markers, one line.
    expect(notes[0].preview).toBe("train at eight platform 2");
    expect(notes[1]).toMatchObject({ title: "Hotel", preview: "" });
  });

  it("gives way to a list kept from the server once it is newer, whatever the times' format", () => {
    const storage = memoryStorage();
    keepShownText(storage, USER, {
      id: ID_A,
      title: "Written offline",
      body: "",
      updated_at: "2026-11-28T10:00:00.000Z",
    });
    // The server's time, written its own way, 2 seconds later: the server has it (and maybe more).
    const [note] = withShownText(
      [listed(ID_A, "Written offline, then elsewhere", "2026-11-28T10:00:02.123456+00:00")],
      shownTexts(storage, USER),
    );
    expect(note.title).toBe("Written offline, then elsewhere");
  });

  it("keeps the newest text of each note, and at most the limit's most recently written", () => {
    const storage = memoryStorage();
    for (let i = 0; i < SHOWN_TEXT_LIMIT + 5; i++)
      keepShownText(storage, USER, {
        id: `note-${i}`,
        title: `Note ${i}`,
        body: "",
        updated_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
      });
    keepShownText(storage, USER, {
      id: "note-10",
      title: "Note 10, again",
      body: "",
      updated_at: "2027-01-01T00:00:00.000Z",
    });
    const texts = shownTexts(storage, USER);
    expect(Object.keys(texts)).toHaveLength(SHOWN_TEXT_LIMIT);
    expect(texts["note-10"].title).toBe("Note 10, again");
    expect(texts["note-0"]).toBeUndefined();
    expect(texts[`note-${SHOWN_TEXT_LIMIT + 4}`].title).toBe(`Note ${SHOWN_TEXT_LIMIT + 4}`);
  });

  it("reads nothing from a value it did not write, and is each person's own", () => {
    const storage = memoryStorage();
    storage.setItem(shownTextKey(USER), "not json");
    expect(shownTexts(storage, USER)).toEqual({});
    storage.setItem(shownTextKey(USER), JSON.stringify({ [ID_A]: { title: 3 }, [ID_B]: null }));
    expect(shownTexts(storage, USER)).toEqual({});
    keepShownText(storage, USER, { id: ID_A, title: "Mine", body: "", updated_at: "2026-01-01" });
    expect(shownTexts(storage, "someone-else")).toEqual({});
  });

  it("keeps listed a note written here that the kept list does not hold, never one it holds as trashed", () => {
    const storage = memoryStorage();
    const at = "2026-11-28T10:00:00.000Z";
    keepShownText(storage, USER, { id: ID_A, title: "Made offline", body: "sent", updated_at: at });
    keepShownText(storage, USER, { id: ID_B, title: "Trashed", body: "", updated_at: at });
    const page = {
      notes: [{ ...listed(ID_B, "Trashed", "2026-11-28T09:00:00+00:00"), deleted_at: at }],
      more: false,
      saved_at: "",
    };
    // Its document was written here (after the device's databases were read, as for a note made
    // in the shell): it opens from the device.
    const list = shellList([{ folder: null, page }], [], new Set(), [], shownTexts(storage, USER));
    expect(list.map((n) => [n.id, n.title, n.preview, n.onDevice, !!n.madeHere])).toEqual([
      [ID_A, "Made offline", "sent", true, false],
    ]);
    // A list kept from the server since, without it: deleted elsewhere meanwhile, so not listed.
    const later = { ...page, saved_at: "2026-11-28T10:05:00.000Z" };
    expect(
      shellList([{ folder: null, page: later }], [], new Set(), [], shownTexts(storage, USER)),
    ).toEqual([]);
    // Deleted here before it reached the server: gone from the list too.
    forgetShownText(storage, USER, ID_A);
    expect(
      shellList([{ folder: null, page }], [], new Set(), [], shownTexts(storage, USER)),
    ).toEqual([]);
  });
});
