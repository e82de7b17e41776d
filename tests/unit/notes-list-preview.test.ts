// @vitest-environment node
import { describe, expect, it } from "vitest";

import { plainPreview } from "@/lib/notes/derive";
import { LIST_BODY_CHARS, LIST_PREVIEW_CHARS, toListItem } from "@/lib/notes/list";

const row = { id: "n1", title: "Trip", pinned: true, updated_at: "2026-01-01T00:00:00Z" };

describe("toListItem", () => {
  it("makes the same preview from the view's body start as from the whole body", () => {
    // Markdown markers and wide characters near the cut, so both paths must count alike.
    const body = `## Packing\n\n- [ ] **sunscreen** ${"😀 ".repeat(300)}the tail`;
    const whole = toListItem({ ...row, body, deleted_at: null });
    const fromView = toListItem({
      ...row,
      // What Postgres' left(body, LIST_BODY_CHARS) returns: characters, not UTF-16 units.
      body_start: Array.from(body).slice(0, LIST_BODY_CHARS).join(""),
      deleted_at: null,
    });
    expect(fromView).toEqual(whole);
    expect(whole.preview.startsWith("Packing sunscreen 😀")).toBe(true);
    expect(whole.preview).not.toContain("the tail");
    expect(whole).not.toHaveProperty("body");
  });

  it("previews the body's first LIST_BODY_CHARS characters, short or long, wide or narrow", () => {
    // Markers fill the start, so what follows the cut would show if the cut came late.
    const bodies = [
      "",
      "short",
      "#".repeat(LIST_BODY_CHARS),
      `${"*".repeat(LIST_BODY_CHARS - 1)}a tail past the cut`,
      `${"> ".repeat(LIST_BODY_CHARS / 2 - 1)}😀😀 past the cut`,
      `${"- ".repeat(50)}${"😀".repeat(LIST_BODY_CHARS)}`,
    ];
    for (const body of bodies) {
      const expected = plainPreview(
        Array.from(body).slice(0, LIST_BODY_CHARS).join(""),
        LIST_PREVIEW_CHARS,
      );
      expect(toListItem({ ...row, body, deleted_at: null }).preview).toBe(expected);
    }
    expect(toListItem({ ...row, body: bodies[3], deleted_at: null }).preview).not.toContain("tail");
    expect(toListItem({ ...row, body: bodies[4], deleted_at: null }).preview).not.toContain("past");
  });

  it("cuts a preview after its last whole character: emoji are never split, each counts once", () => {
    const cases = [
      "ab",
      "a😀b😀c😀d",
      "😀".repeat(10),
      // A lone surrogate (text cut mid-character elsewhere) still counts as one character.
      "a\ud83db😀c",
      "😀\udc00😀x",
    ];
    for (const text of cases) {
      for (let max = 0; max <= Array.from(text).length + 1; max++) {
        expect(plainPreview(text, max)).toBe(Array.from(text).slice(0, max).join(""));
      }
    }
  });

  it("keeps what the list orders and filters by", () => {
    const item = toListItem({ ...row, body: "", deleted_at: "2026-01-02T00:00:00Z" });
    expect(item).toEqual({ ...row, preview: "", deleted_at: "2026-01-02T00:00:00Z" });
  });
});
