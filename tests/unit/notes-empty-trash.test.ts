// @vitest-environment node
import { describe, expect, it, vi } from "vitest";

import {
  emptyingProgress,
  emptyInRounds,
  lastBatch,
  type TrashRound,
} from "@/lib/notes/empty-trash";
import { IDS_PER_REQUEST } from "@/lib/notes/limits";

/** A server that answers each round in turn. */
function rounds(...answers: (TrashRound | Error)[]) {
  return vi.fn(async () => {
    const answer = answers.shift();
    if (!answer) throw new Error("asked once too often");
    if (answer instanceof Error) throw answer;
    return answer;
  });
}

describe("lastBatch", () => {
  it("is a short batch, or one where nothing went", () => {
    expect(lastBatch(IDS_PER_REQUEST, IDS_PER_REQUEST)).toBe(false);
    expect(lastBatch(IDS_PER_REQUEST - 1, IDS_PER_REQUEST - 1)).toBe(true);
    expect(lastBatch(IDS_PER_REQUEST, 0)).toBe(true);
    // Some restored meanwhile, but a full batch listed: there may be more behind it.
    expect(lastBatch(IDS_PER_REQUEST, 40)).toBe(false);
  });
});

describe("emptyInRounds", () => {
  it("asks round after round until the server says the Trash is empty, counting as it goes", async () => {
    const round = rounds(
      { deleted: 100, done: false },
      { deleted: 100, done: false },
      { deleted: 49, done: true },
    );
    const seen: number[] = [];
    const result = await emptyInRounds(round, (n) => seen.push(n));
    expect(result).toEqual({ deleted: 249 });
    expect(seen).toEqual([100, 200, 249]);
    expect(round).toHaveBeenCalledTimes(3);
  });

  it("stops at the first error and says how many went before it", async () => {
    const round = rounds(
      { deleted: 100, done: false },
      { error: "Couldn't empty the Trash. Check your connection and try again." },
      { deleted: 100, done: false },
    );
    const seen: number[] = [];
    const result = await emptyInRounds(round, (n) => seen.push(n));
    expect(result).toEqual({
      error: "Couldn't empty the Trash. Check your connection and try again.",
      deleted: 100,
    });
    expect(seen).toEqual([100]);
    expect(round).toHaveBeenCalledTimes(2);
  });

  it("turns a round that never answered into a sentence, and stops", async () => {
    const round = rounds({ deleted: 100, done: false }, new TypeError("Failed to fetch"));
    const result = await emptyInRounds(round, () => {});
    expect(result.deleted).toBe(100);
    expect(result.error).toMatch(/^Couldn't empty the Trash\./);
    expect(round).toHaveBeenCalledTimes(2);
  });

  it("stops after a round where nothing went, even one not marked done", async () => {
    const round = rounds({ deleted: 100, done: false }, { deleted: 0, done: false });
    expect(await emptyInRounds(round, () => {})).toEqual({ deleted: 100 });
    expect(round).toHaveBeenCalledTimes(2);
  });

  it("gives up after the rounds allowed, saying notes are left", async () => {
    const round = vi.fn(async () => ({ deleted: 100, done: false }));
    const result = await emptyInRounds(round, () => {}, 3);
    expect(round).toHaveBeenCalledTimes(3);
    expect(result.deleted).toBe(300);
    expect(result.error).toMatch(/still in Trash/);
  });
});

describe("emptyingProgress", () => {
  it("counts in English with thousands separators, never past the total", () => {
    expect(emptyingProgress(0, 1_049)).toBe("Deleting notes… 0 of 1,049");
    expect(emptyingProgress(300, 1_049)).toBe("Deleting notes… 300 of 1,049");
    expect(emptyingProgress(1_100, 1_049)).toBe("Deleting notes… 1,049 of 1,049");
  });
});
