import { describe, expect, it } from "vitest";

import {
  LIST_PREVIEW_CHARS,
  packNotesPage,
  toListItem,
  unpackNotesPage,
  type NotesPage,
} from "@/lib/notes/list";

const page: NotesPage = {
  notes: [
    {
      id: "0b7c2f43-9a51-4c55-a3f5-0b3e8a0a6a01",
      title: "Pinned plan",
      preview: "first line",
      pinned: true,
      updated_at: "2026-11-25T10:00:00.123456+00:00",
      deleted_at: null,
    },
    {
      id: "0b7c2f43-9a51-4c55-a3f5-0b3e8a0a6a02",
      title: "",
      preview: "",
      pinned: false,
      updated_at: "2026-11-24T10:00:00+00:00",
      deleted_at: null,
    },
  ],
  more: true,
};

describe("the list's first page as the page's data carries it", () => {
  it("comes back as the same notes, to the microsecond the next page starts after", () => {
    const packed = packNotesPage(page);
    expect(unpackNotesPage(JSON.parse(JSON.stringify(packed)))).toEqual(page);
  });

  it("carries no field name per note and about half the bytes of the objects", () => {
    const packed = JSON.stringify(packNotesPage(page));
    expect(packed).not.toContain("preview");
    expect(packed).not.toContain("deleted_at");
    expect(packed.length).toBeLessThan(JSON.stringify(page).length * 0.7);
  });

  it("sends a preview of at most a line's worth of words", () => {
    const item = toListItem({
      id: "x",
      title: "Long",
      body: "word ".repeat(200),
      pinned: false,
      updated_at: "2026-11-24T10:00:00Z",
      deleted_at: null,
    });
    expect(Array.from(item.preview).length).toBeLessThanOrEqual(LIST_PREVIEW_CHARS);
    expect(item.preview.startsWith("word word")).toBe(true);
  });
});
