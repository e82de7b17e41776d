// @vitest-environment node
import { describe, expect, it } from "vitest";

import { fromBase64, fromBytea, toBase64, toBytea } from "@/lib/notes/bytea";
import { deriveTitleAndBody, displayTitle, plainPreview } from "@/lib/notes/derive";
import { isNoteId, TITLE_MAX } from "@/lib/notes/limits";
import {
  applyNoteChange,
  compareNotes,
  editedAgo,
  snippetParts,
  type NoteSummary,
} from "@/lib/notes/list";

const note = (id: string, pinned: boolean, updated: string, deleted: string | null = null) =>
  ({ id, title: id, body: "", pinned, updated_at: updated, deleted_at: deleted }) as NoteSummary;

describe("deriveTitleAndBody", () => {
  it("takes the first line with words as the title, without Markdown markers", () => {
    expect(deriveTitleAndBody("\n\n# **Trip** plan\n\n- tent\n- stove")).toEqual({
      title: "Trip plan",
      body: "- tent\n- stove",
    });
    expect(deriveTitleAndBody("- [x] done\nrest")).toEqual({ title: "done", body: "rest" });
    expect(deriveTitleAndBody("  \n#  \n")).toEqual({ title: "", body: "" });
  });

  it("cuts the title at the database's limit in characters, not UTF-16 units", () => {
    const { title } = deriveTitleAndBody("😀".repeat(TITLE_MAX + 10));
    expect(Array.from(title)).toHaveLength(TITLE_MAX);
  });

  it("previews a body as plain words", () => {
    expect(plainPreview("## Packing\n\n- [ ] **sunscreen**\n> see [the map](https://x.y)")).toBe(
      "Packing sunscreen see the map",
    );
  });

  it("previews escaped Markdown characters as the characters people typed", () => {
    expect(plainPreview("- \\[ \\] buy seeds, 2 \\* 3 \\#notatag and a\\\\b")).toBe(
      "[ ] buy seeds, 2 * 3 #notatag and a\\b",
    );
  });

  it("names a note with no words", () => {
    expect(displayTitle("  ")).toBe("Untitled note");
    expect(displayTitle("Hi")).toBe("Hi");
  });
});

describe("the list", () => {
  it("puts pinned notes first, then the most recently edited", () => {
    const notes = [
      note("old", false, "2026-01-01T00:00:00Z"),
      note("pinned-old", true, "2025-01-01T00:00:00Z"),
      note("new", false, "2026-02-01T00:00:00Z"),
    ].sort(compareNotes);
    expect(notes.map((n) => n.id)).toEqual(["pinned-old", "new", "old"]);
  });

  it("applies a change: edits move up, trashed or deleted notes leave", () => {
    const list = [
      note("a", false, "2026-01-02T00:00:00Z"),
      note("b", false, "2026-01-01T00:00:00Z"),
    ];
    const edited = applyNoteChange(list, {
      type: "upsert",
      note: note("b", false, "2026-01-03T00:00:00Z"),
    });
    expect(edited.map((n) => n.id)).toEqual(["b", "a"]);
    const trashed = applyNoteChange(edited, {
      type: "upsert",
      note: note("a", false, "2026-01-02T00:00:00Z", "2026-01-04T00:00:00Z"),
    });
    expect(trashed.map((n) => n.id)).toEqual(["b"]);
    expect(applyNoteChange(trashed, { type: "delete", id: "b" })).toEqual([]);
  });

  it("splits search snippets at the match markers", () => {
    expect(snippetParts("buy \uE000bread\uE001 and \uE000milk\uE001")).toEqual([
      { text: "buy ", match: false },
      { text: "bread", match: true },
      { text: " and ", match: false },
      { text: "milk", match: true },
    ]);
  });
});

describe("ids and bytes", () => {
  it("accepts only UUIDs as note ids", () => {
    expect(isNoteId("0b5c8a52-6d2e-4f4e-9d35-3f0c1f0a2b11")).toBe(true);
    expect(isNoteId("1 or 1=1")).toBe(false);
    expect(isNoteId(undefined)).toBe(false);
  });

  it("round-trips bytes through bytea hex and base64", () => {
    const bytes = new Uint8Array([0, 1, 127, 128, 255]);
    expect(toBytea(bytes)).toBe("\\x00017f80ff");
    expect(fromBytea(toBytea(bytes))).toEqual(bytes);
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
    // Every byte value, both ways, and upper-case digits as some servers send them.
    const every = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(fromBytea(toBytea(every))).toEqual(every);
    expect(fromBytea("\\xDEADbeef")).toEqual(new Uint8Array([0xde, 0xad, 0xbe, 0xef]));
    expect(fromBytea(null)).toEqual(new Uint8Array());
  });

  it("refuses what is not bytea hex, rather than reading it as zeros", () => {
    for (const bad of ["00ff", "\\x0", "\\x0g", "\\x 1", "\\xé1"])
      expect(() => fromBytea(bad), bad).toThrow("not a bytea hex string");
  });
});

describe("when a note was edited, in words", () => {
  const NOW = Date.parse("2026-03-10T12:00:00.000Z");
  const before = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

  it("words minutes, hours and days as the browser's relative time format does in English", () => {
    const intl = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
    const cases: [number, Intl.RelativeTimeFormatUnit, number][] = [
      [60, "minute", 1],
      [125, "minute", 2],
      [59 * 60 + 59, "minute", 59],
      [3600, "hour", 1],
      [23 * 3600 + 10, "hour", 23],
      [86400, "day", 1],
      [2 * 86400 + 5, "day", 2],
      [6 * 86400, "day", 6],
    ];
    for (const [seconds, unit, count] of cases)
      expect(editedAgo(before(seconds), NOW)).toBe(intl.format(-count, unit));
  });

  it("says 'just now' within a minute and the date from a week on", () => {
    expect(editedAgo(before(0), NOW)).toBe("just now");
    expect(editedAgo(before(59), NOW)).toBe("just now");
    expect(editedAgo("2026-03-01T12:00:00.000Z", NOW)).toBe("Mar 1, 2026");
  });
});
