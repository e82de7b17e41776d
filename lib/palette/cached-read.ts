/**
 * A source's rows read once and kept a few seconds: the palette asks its sources again on every
 * keystroke, and a person's folders or tags do not change between two of them. A read given up
 * (`signal` aborted: the query changed meanwhile) is not kept, so the next ask reads again instead
 * of keeping an empty answer.
 */
export function cachedRead<T>(keepMs = 10_000) {
  let kept: { key: string; at: number; rows: Promise<T[]> } | null = null;
  return (key: string, read: () => Promise<T[]>, signal?: AbortSignal): Promise<T[]> => {
    // Given up before it began (the query changed while an earlier source answered).
    if (signal?.aborted) return Promise.resolve([]);
    const now = Date.now();
    if (!kept || kept.key !== key || now - kept.at > keepMs) {
      const rows = read().catch(() => {
        if (kept?.rows === rows) kept = null;
        return [] as T[];
      });
      const entry = { key, at: now, rows };
      kept = entry;
      signal?.addEventListener(
        "abort",
        () => {
          if (kept === entry) kept = null;
        },
        { once: true },
      );
    }
    return kept.rows;
  };
}
