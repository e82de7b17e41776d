// @vitest-environment node
import { describe, expect, it } from "vitest";

import { countChangeFilter } from "@/lib/folders/count-changes";

describe("a note's change reads the folders again only when their counts may change", () => {
  it("reads once for a note first heard of, then not for saves that keep its folder", () => {
    const mayChange = countChangeFilter();
    const row = { id: "n1", folder_id: "f1", deleted_at: null, title: "a" };
    expect(mayChange(row)).toBe(true);
    expect(mayChange({ ...row, title: "ab" })).toBe(false);
    expect(mayChange({ ...row, title: "abc" })).toBe(false);
  });

  it("reads again when the note is filed elsewhere, taken out of folders, trashed or restored", () => {
    const mayChange = countChangeFilter();
    const row = { id: "n1", folder_id: "f1", deleted_at: null };
    mayChange(row);
    expect(mayChange({ ...row, folder_id: "f2" })).toBe(true);
    expect(mayChange({ ...row, folder_id: null })).toBe(true);
    expect(mayChange({ ...row, folder_id: null, deleted_at: "2026-11-27T00:00:00Z" })).toBe(true);
    expect(mayChange({ ...row, folder_id: null, deleted_at: null })).toBe(true);
    expect(mayChange({ ...row, folder_id: null, deleted_at: null })).toBe(false);
  });

  it("keeps each note apart, and reads for a change it cannot name", () => {
    const mayChange = countChangeFilter();
    expect(mayChange({ id: "n1", folder_id: "f1" })).toBe(true);
    expect(mayChange({ id: "n2", folder_id: "f1" })).toBe(true);
    expect(mayChange({ id: "n1", folder_id: "f1" })).toBe(false);
    expect(mayChange({})).toBe(true);
    expect(mayChange(null)).toBe(true);
  });
});
