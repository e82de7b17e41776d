/**
 * A source's rows read once and kept a few seconds: the palette asks its sources again on every
 * keystroke, and a person's folders or tags do not change between two of them.
 */
export function cachedRead<T>(keepMs = 10_000) {
  let kept: { key: string; at: number; rows: Promise<T[]> } | null = null;
  return (key: string, read: () => Promise<T[]>): Promise<T[]> => {
    const now = Date.now();
    if (!kept || kept.key !== key || now - kept.at > keepMs) {
      const rows = read().catch(() => {
        kept = null;
        return [] as T[];
      });
      kept = { key, at: now, rows };
    }
    return kept.rows;
  };
}
