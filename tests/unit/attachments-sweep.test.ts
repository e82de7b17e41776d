import { describe, expect, it } from "vitest";
import { filesToSweep, SWEEP_GRACE_MS } from "@/lib/attachments/sweep";

const FOLDER = "owner/note";
const NOW = Date.parse("2026-11-23T12:00:00Z");
const at = (msAgo: number) => new Date(NOW - msAgo).toISOString();

describe("which files of a note a sweep removes", () => {
  it("only files no node refers to, once they have been left alone for the grace period", () => {
    const files = [
      { name: "kept.png", id: "1", created_at: at(3_600_000) },
      { name: "removed.pdf", id: "2", created_at: at(SWEEP_GRACE_MS + 1) },
      { name: "just-uploaded.png", id: "3", created_at: at(5_000) },
      { name: "sub", id: null, created_at: null },
    ];
    const referenced = new Set([`${FOLDER}/kept.png`]);
    expect(filesToSweep(FOLDER, files, referenced, NOW)).toEqual([`${FOLDER}/removed.pdf`]);
  });

  it("nothing when every file is still in the note", () => {
    const files = [{ name: "a.png", id: "1", created_at: at(3_600_000) }];
    expect(filesToSweep(FOLDER, files, new Set([`${FOLDER}/a.png`]), NOW)).toEqual([]);
  });
});
