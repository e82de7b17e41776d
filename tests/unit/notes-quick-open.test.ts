// @vitest-environment node
import { describe, expect, it } from "vitest";

import { editorsToKeep } from "@/lib/notes/kept-editors";
import { quickOpenTarget, type ListClick } from "@/lib/notes/quick-open";

const A = "0389fdce-68a7-4b5f-add7-523e0e3b6b7d";
const B = "57f3a5c8-ee30-437d-8fbc-79fb56ba97ce";
const plain: ListClick = {
  href: `/notes/${B}`,
  button: 0,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  target: null,
};
const onDevice = new Set([A, B]);

describe("quickOpenTarget", () => {
  it("opens a note the device holds from a plain click", () => {
    expect(quickOpenTarget(plain, onDevice, A)).toBe(B);
    expect(quickOpenTarget(plain, onDevice, null)).toBe(B);
    expect(quickOpenTarget({ ...plain, target: "_self" }, onDevice, A)).toBe(B);
  });

  it("leaves a note the device does not hold to the server", () => {
    expect(quickOpenTarget(plain, new Set([A]), A)).toBeNull();
  });

  it("does nothing for the note already shown", () => {
    expect(quickOpenTarget(plain, onDevice, B)).toBeNull();
  });

  it("leaves tabs, windows and other buttons to the browser", () => {
    for (const change of [
      { ctrlKey: true },
      { metaKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
      { target: "_blank" },
    ])
      expect(quickOpenTarget({ ...plain, ...change }, onDevice, A)).toBeNull();
  });

  it("only takes a note's own address", () => {
    for (const href of [
      null,
      "/notes",
      "/notes/trash",
      `/notes/${B}/history`,
      `https://example.com/notes/${B}`,
      `/notes/${B}?x=1`,
      "/notes/not-a-note",
    ])
      expect(quickOpenTarget({ ...plain, href }, onDevice, A)).toBeNull();
  });
});

describe("editorsToKeep", () => {
  it("keeps the editors still in the page, and parks the latest of those whose page has gone", () => {
    const editors = [
      { noteId: "oldest-gone", connected: false },
      { noteId: "shown", connected: true },
      { noteId: "left-for-the-list", connected: false },
      { noteId: "out-of-sight", connected: true },
      { noteId: "gone", connected: false },
    ];
    expect(editorsToKeep(editors, 2).map((e) => e.noteId)).toEqual([
      "shown",
      "left-for-the-list",
      "out-of-sight",
      "gone",
    ]);
    expect(editorsToKeep(editors, 0).map((e) => e.noteId)).toEqual(["shown", "out-of-sight"]);
    // By default a few are parked, never more.
    const many = Array.from({ length: 10 }, (_, i) => ({ noteId: `n${i}`, connected: i === 9 }));
    const kept = editorsToKeep(many);
    expect(kept.map((e) => e.noteId)).toEqual(["n6", "n7", "n8", "n9"]);
  });
});
