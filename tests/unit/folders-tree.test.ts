// @vitest-environment node
import { describe, expect, it } from "vitest";

import {
  applyFolderChange,
  buildTree,
  flatFolders,
  FOLDER_LIST_COLUMNS,
  selfAndBelow,
  toFolderRow,
  visibleFolders,
  type FolderRow,
} from "@/lib/folders/tree";

const row = (
  id: string,
  parent_id: string | null,
  position: number,
  note_count = 0,
): FolderRow => ({
  id,
  parent_id,
  name: id.toUpperCase(),
  position,
  note_count,
});

const rows = [
  row("b", null, 2, 1),
  row("a", null, 1, 2),
  row("a2", "a", 2, 3),
  row("a1", "a", 1),
  row("deep", "a1", 1, 4),
];

describe("the folder tree", () => {
  it("reads whether a folder is shared wherever folder_list is read, so the mark stays after a catch-up", () => {
    expect(FOLDER_LIST_COLUMNS.split(", ")).toContain("shared");
    const read = { id: "a", parent_id: null, name: "Recipes", position: 1, note_count: 2 };
    expect(toFolderRow({ ...read, shared: true }).shared).toBe(true);
    expect(buildTree([toFolderRow({ ...read, shared: true })])[0].shared).toBe(true);
    expect(toFolderRow({ ...read, shared: null })).toEqual({ ...read, shared: false });
  });

  it("orders siblings by position and counts notes in a folder and below it", () => {
    const tree = buildTree(rows);
    expect(tree.map((n) => n.id)).toEqual(["a", "b"]);
    expect(tree[0].children.map((n) => n.id)).toEqual(["a1", "a2"]);
    expect(tree[0].total).toBe(2 + 3 + 4);
    expect(tree[0].children[0].children[0].depth).toBe(3);
  });

  it("shows only what is expanded, and names each folder by its path for menus", () => {
    const tree = buildTree(rows);
    expect(visibleFolders(tree, new Set()).map((n) => n.id)).toEqual(["a", "b"]);
    expect(visibleFolders(tree, new Set(["a"])).map((n) => n.id)).toEqual(["a", "a1", "a2", "b"]);
    expect(flatFolders(tree).map((f) => f.path)).toContain("A / A1 / DEEP");
  });

  it("knows where a folder may not go: itself and everything below it", () => {
    expect([...selfAndBelow(buildTree(rows), "a")].sort()).toEqual(["a", "a1", "a2", "deep"]);
  });

  it("puts an orphan at the top rather than losing it", () => {
    expect(buildTree([row("x", "gone", 1)]).map((n) => n.id)).toEqual(["x"]);
  });

  it("applies live changes and keeps the count it knew", () => {
    const renamed = applyFolderChange(rows, {
      type: "upsert",
      row: { id: "a", parent_id: null, name: "Renamed", position: 1 },
    });
    expect(renamed.find((r) => r.id === "a")).toMatchObject({ name: "Renamed", note_count: 2 });
    expect(applyFolderChange(rows, { type: "delete", id: "b" }).map((r) => r.id)).not.toContain(
      "b",
    );
  });
});
