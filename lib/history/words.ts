import { diffWords, type Change } from "diff";

/**
 * Bounds on comparing two versions' text: a word diff gives up past this many edits or this many
 * milliseconds (a 200,000-character note whose text changed throughout), and the comparison then
 * falls back to counting words, which takes one pass over each text.
 */
export const DIFF_LIMITS = { maxEditLength: 5_000, timeout: 250 };

export type Piece = { text: string; kind: "same" | "added" | "removed" };

export type WordChanges = {
  /** The text with its changes marked; null when the diff gave up (only the counts are told). */
  pieces: Piece[] | null;
  added: number;
  removed: number;
};

const WORD = /[\p{L}\p{N}_'’-]+/gu;
const words = (text: string) => text.match(WORD) ?? [];

/** Words in `after` and not in `before`, and the other way round, counted as multisets. */
function countOnly(before: string, after: string): { added: number; removed: number } {
  const counts = new Map<string, number>();
  for (const w of words(before)) counts.set(w, (counts.get(w) ?? 0) + 1);
  let added = 0;
  for (const w of words(after)) {
    const n = counts.get(w) ?? 0;
    if (n > 0) counts.set(w, n - 1);
    else added++;
  }
  let removed = 0;
  for (const n of counts.values()) removed += n;
  return { added, removed };
}

/** What changed, word by word, from `before` to `after`, within DIFF_LIMITS. */
export function wordChanges(before: string, after: string, limits = DIFF_LIMITS): WordChanges {
  if (before === after)
    return { pieces: before ? [{ text: before, kind: "same" }] : [], added: 0, removed: 0 };
  const changes: Change[] | undefined = diffWords(before, after, limits);
  if (!changes) return { pieces: null, ...countOnly(before, after) };
  let added = 0;
  let removed = 0;
  const pieces: Piece[] = changes.map((c) => {
    if (c.added) added += words(c.value).length;
    if (c.removed) removed += words(c.value).length;
    return { text: c.value, kind: c.added ? "added" : c.removed ? "removed" : "same" };
  });
  return { pieces, added, removed };
}

const SUMMARY_MAX = 80;

function quote(text: string): string {
  const one = text.replace(/\s+/g, " ").trim();
  const cut = Array.from(one);
  return `“${cut.length > 40 ? `${cut.slice(0, 40).join("")}…` : one}”`;
}

/** One line that says what a version changed, for the timeline. */
export function summarize(changes: WordChanges): string {
  const { pieces, added, removed } = changes;
  if (added === 0 && removed === 0) return "No change to the words";
  const first = (kind: Piece["kind"]) =>
    pieces?.find((p) => p.kind === kind && words(p.text).length > 0)?.text;
  let line: string;
  if (removed === 0) line = first("added") ? `Added ${quote(first("added")!)}` : `Added words`;
  else if (added === 0)
    line = first("removed") ? `Removed ${quote(first("removed")!)}` : "Removed words";
  else line = first("added") ? `Edited: ${quote(first("added")!)}` : "Edited";
  return Array.from(line).slice(0, SUMMARY_MAX).join("");
}
