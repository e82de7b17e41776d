/**
 * How well `query` matches `text`, for pickers: a prefix beats a substring, which beats letters
 * found in order with gaps; null when the letters are not all there in order. Case-insensitive.
 */
export function fuzzyScore(query: string, text: string): number | null {
  const q = query.trim().toLowerCase();
  const t = text.toLowerCase();
  if (q === "") return 0;
  const at = t.indexOf(q);
  if (at === 0) return 1000 - t.length / 1000;
  if (at > 0) return 500 - at - t.length / 1000;
  let score = 100;
  let from = 0;
  for (const ch of q) {
    const found = t.indexOf(ch, from);
    if (found === -1) return null;
    score -= found - from;
    from = found + ch.length;
  }
  return score - t.length / 1000;
}

/** The items whose text matches, best first, at most `limit`. */
export function fuzzyFilter<T>(
  items: T[],
  query: string,
  text: (item: T) => string,
  limit = 8,
): T[] {
  const scored: { item: T; score: number }[] = [];
  for (const item of items) {
    const score = fuzzyScore(query, text(item));
    if (score !== null) scored.push({ item, score });
  }
  return scored
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((s) => s.item);
}
