import { foldForSearch } from "@/lib/search/fold";

/** How well `query` matches `text` as a fuzzy title match, and which characters matched. */
export interface FuzzyMatch {
  score: number;
  /** Indexes into `text` of the matched characters, for highlighting. */
  positions: number[];
}

/**
 * Every character of the query, in order, somewhere in the text (without case or accents):
 * "grdn pln" finds "Garden plan". Contiguous runs, word starts and an early first match score
 * higher; a plain substring scores highest. Null when the text does not hold the query.
 */
export function fuzzyMatch(query: string, text: string): FuzzyMatch | null {
  return fuzzyMatchFolded(foldForSearch(query).text, foldForSearch(text));
}

/**
 * `fuzzyMatch` with the query and the text already folded (`foldForSearch`), for matching one
 * query against many texts folded once.
 */
export function fuzzyMatchFolded(
  foldedQuery: string,
  folded: { text: string; origin: number[] },
): FuzzyMatch | null {
  const q = [...foldedQuery.replace(/\s+/g, "")];
  if (q.length === 0) return { score: 0, positions: [] };
  const chars = [...folded.text];
  const positions: number[] = [];
  let score = 0;
  let qi = 0;
  let previous = -2;
  for (let i = 0; i < chars.length && qi < q.length; i++) {
    if (chars[i] !== q[qi]) continue;
    const atWordStart = i === 0 || /[\s\-_/.,:;()[\]]/.test(chars[i - 1]);
    score += 1 + (i === previous + 1 ? 3 : 0) + (atWordStart ? 2 : 0);
    positions.push(folded.origin[i]);
    previous = i;
    qi++;
  }
  if (qi < q.length) return null;
  const substring = folded.text.indexOf(foldedQuery.trim());
  if (substring >= 0) score += 10 + (substring === 0 ? 5 : 0);
  score -= Math.min(positions[0] ?? 0, 20) * 0.1;
  return { score, positions: [...new Set(positions)] };
}
