// @vitest-environment node
import { describe, expect, it } from "vitest";

import { versionDue } from "@/lib/history/grouping";
import { DIFF_LIMITS, summarize, wordChanges } from "@/lib/history/words";

const at = (minutes: number) =>
  new Date(Date.UTC(2026, 10, 25, 12, 0) + minutes * 60_000).toISOString();

describe("when the server keeps a version", () => {
  it("not at a note's first edit, after a pause of five minutes, and every ten while typing", () => {
    const base = { lastVersionAt: null, startedAt: at(0) };
    expect(versionDue({ ...base, previousUpdateAt: null, now: at(0) })).toBeNull();
    expect(versionDue({ ...base, previousUpdateAt: at(1), now: at(5) })).toBeNull();
    expect(versionDue({ ...base, previousUpdateAt: at(1), now: at(6) })).toBe("pause");
    // Typing without pausing: none until ten minutes since the last version (or the first edit).
    expect(versionDue({ ...base, previousUpdateAt: at(9), now: at(9.5) })).toBeNull();
    expect(versionDue({ ...base, previousUpdateAt: at(9.5), now: at(10) })).toBe("long session");
    const kept = { lastVersionAt: at(10), startedAt: at(0) };
    expect(versionDue({ ...kept, previousUpdateAt: at(19), now: at(19.9) })).toBeNull();
    expect(versionDue({ ...kept, previousUpdateAt: at(19.9), now: at(20) })).toBe("long session");
  });
});

describe("what changed between two versions' text", () => {
  it("marks added and removed words and says so in one line", () => {
    const changes = wordChanges("Buy milk and bread", "Buy oat milk and bread today");
    expect(changes).toMatchObject({ added: 2, removed: 0 });
    expect(changes.pieces!.filter((p) => p.kind === "added").map((p) => p.text.trim())).toEqual([
      "oat",
      "today",
    ]);
    expect(summarize(changes)).toBe("Added “oat”");
    expect(summarize(wordChanges("a b c", "a c"))).toBe("Removed “b”");
    expect(summarize(wordChanges("same", "same"))).toBe("No change to the words");
  });

  it("a 200,000-character note changed throughout gives up on marking and still counts", () => {
    const words = (seed: number) =>
      Array.from({ length: 30_000 }, (_, i) => `w${(i * seed) % 9973}`).join(" ");
    const before = words(7);
    const after = words(13);
    expect(before.length).toBeGreaterThan(150_000);
    const changes = wordChanges(before, after, { ...DIFF_LIMITS, timeout: 50 });
    expect(changes.pieces).toBeNull();
    expect(changes.added).toBeGreaterThan(0);
    expect(changes.added).toBe(changes.removed);
    // A small edit in the same large note is still marked exactly.
    const edited = wordChanges(before, `${before} finally`);
    expect(edited.pieces?.filter((p) => p.kind !== "same").map((p) => p.text.trim())).toEqual([
      "finally",
    ]);
  });
});
