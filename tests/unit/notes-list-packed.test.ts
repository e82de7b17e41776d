// @vitest-environment node
import { describe, expect, it } from "vitest";

import {
  LIST_PREVIEW_CHARS,
  packId,
  packNotesPage,
  packStamp,
  toListItem,
  unpackId,
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

  it("sends each later time as its distance from the one before, around times sent as written", () => {
    const note = (n: number, updated_at: string) => ({
      ...page.notes[1],
      id: `0b7c2f43-9a51-4c55-a3f5-0b3e8a0a6a0${n}`,
      updated_at,
    });
    const mixed: NotesPage = {
      notes: [
        note(1, "2026-11-25T10:00:00.5+00:00"),
        note(2, "2026-11-25T09:59:59.000001+00:00"),
        note(3, "2026-11-25T09:00:00.120+00:00"),
        note(4, "2026-11-26T09:00:00+00:00"),
      ],
      more: false,
    };
    const packed = packNotesPage(mixed);
    expect(packed.packed.map((row) => row[3])).toEqual([
      packStamp("2026-11-25T10:00:00.5+00:00"),
      1_499_999,
      "2026-11-25T09:00:00.120+00:00",
      -82_800_999_999,
    ]);
    expect(unpackNotesPage(JSON.parse(JSON.stringify(packed)))).toEqual(mixed);
  });

  it("carries no field name per note and about half the bytes of the objects", () => {
    const packed = JSON.stringify(packNotesPage(page));
    expect(packed).not.toContain("preview");
    expect(packed).not.toContain("deleted_at");
    expect(packed.length).toBeLessThan(JSON.stringify(page).length * 0.5);
  });

  it("sends an id as its 16 bytes in base64url, whatever its digits, and reads it back", () => {
    // Ids as the database writes them, each hex digit at each place, and every byte value.
    const ids = Array.from({ length: 256 }, (_, i) => {
      const hex = Array.from({ length: 32 }, (_, j) =>
        ((i * 7 + j * 13 + (i >> 4) * j) & 15).toString(16),
      ).join("");
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    });
    ids.push(crypto.randomUUID(), crypto.randomUUID());
    for (const id of ids) {
      const bytes = Buffer.from(id.replaceAll("-", ""), "hex");
      expect(packId(id)).toBe(bytes.toString("base64url"));
      expect(unpackId(bytes.toString("base64url"))).toBe(id);
    }
  });

  it("sends ids as 22 characters and times as numbers, each coming back exactly", () => {
    const ids = [
      "0b7c2f43-9a51-4c55-a3f5-0b3e8a0a6a01",
      "00000000-0000-0000-0000-000000000000",
      "ffffffff-ffff-ffff-ffff-ffffffffffff",
    ];
    for (const id of ids) {
      expect(packId(id)).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(unpackId(packId(id))).toBe(id);
    }
    expect(new Set(ids.map(packId)).size).toBe(3);
    // Not a UUID as the database writes it: sent as it is.
    expect(packId("0B7C2F43-9A51-4C55-A3F5-0B3E8A0A6A01")).toBe(
      "0B7C2F43-9A51-4C55-A3F5-0B3E8A0A6A01",
    );
    expect(unpackId("not-a-uuid")).toBe("not-a-uuid");

    const stamps = [
      "2026-11-25T10:00:00.123456+00:00",
      "2026-11-25T10:00:00.000001+00:00",
      "2026-11-26T22:33:30.918+00:00",
      "2026-11-24T10:00:00+00:00",
      "1999-12-31T23:59:59.5+00:00",
    ];
    for (const stamp of stamps) {
      const packed = packStamp(stamp);
      expect(typeof packed).toBe("number");
      const back = unpackNotesPage({ packed: [["x", "", "", packed]], more: false });
      expect(back.notes[0].updated_at).toBe(stamp);
    }
    // Written otherwise (a zero the database would drop, another offset): sent as it is.
    for (const stamp of ["2026-11-25T10:00:00.120+00:00", "2026-11-25T10:00:00Z", "soon"])
      expect(packStamp(stamp)).toBe(stamp);
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
