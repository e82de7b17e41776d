function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const next = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = next;
    }
  }
  return row[b.length];
}

/** The closest name to `word`, if any is reasonably close (for "Perhaps you meant …" hints). */
export function closest(
  word: string,
  candidates: Iterable<string>,
  { excludeExact = false } = {},
): string | null {
  let best: string | null = null;
  let bestScore = 0.33;
  for (const c of new Set(candidates)) {
    if (excludeExact && c === word) continue;
    const score =
      1 - distance(word.toLowerCase(), c.toLowerCase()) / Math.max(word.length, c.length, 1);
    if (score > bestScore || (score === bestScore && best === null)) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}
