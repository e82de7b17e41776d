import type * as Y from "yjs";

/**
 * A note's decoded document as the server last built it: the ydoc_version it was built from, the
 * exact ids of the stored updates applied on top (updates commit out of id order, so never a
 * highest id), and the bytes of encoded state it was built from (what the cache is bounded by).
 */
export type CachedDocument = {
  doc: Y.Doc;
  version: number;
  ids: Set<number>;
  bytes: number;
};

/** At most this many notes' documents are kept. */
export const CACHE_MAX_NOTES = 32;
/**
 * And at most this much encoded state, summed over them. Decoded, a typed note's document takes
 * about 15 times its encoded size in memory, so the kept documents hold some 30 MB at most.
 */
export const CACHE_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Decoded documents kept between derivations of a note's text, so a store while someone types
 * applies the new updates instead of rebuilding the document from its whole stored state. Only an
 * optimisation: a server that starts empty (or evicted the note) builds from scratch, as it would
 * without it. Least recently used first: a Map iterates in insertion order.
 */
export class DocumentCache {
  private entries = new Map<string, CachedDocument>();
  private total = 0;

  constructor(
    private readonly maxNotes = CACHE_MAX_NOTES,
    private readonly maxBytes = CACHE_MAX_BYTES,
  ) {}

  /**
   * Takes a note's document out of the cache: while one derivation uses it no other can (two
   * collaborators' stores derive the same note at once); the other builds its own.
   */
  take(noteId: string): CachedDocument | undefined {
    const entry = this.entries.get(noteId);
    if (!entry) return undefined;
    this.entries.delete(noteId);
    this.total -= entry.bytes;
    return entry;
  }

  /**
   * Puts a note's document (back) as the most recently used, replacing and destroying any other
   * kept for the note meanwhile, then destroys the least recently used beyond the bounds. A
   * document bigger than the whole budget is not kept.
   */
  keep(noteId: string, entry: CachedDocument): void {
    const replaced = this.take(noteId);
    if (replaced && replaced.doc !== entry.doc) replaced.doc.destroy();
    if (entry.bytes > this.maxBytes) {
      entry.doc.destroy();
      return;
    }
    this.entries.set(noteId, entry);
    this.total += entry.bytes;
    for (const [id, oldest] of this.entries) {
      if (this.entries.size <= this.maxNotes && this.total <= this.maxBytes) break;
      this.take(id);
      oldest.doc.destroy();
    }
  }

  /** Destroys every kept document. */
  clear(): void {
    for (const { doc } of this.entries.values()) doc.destroy();
    this.entries.clear();
    this.total = 0;
  }

  /** What is kept for a note (its version and update ids), without taking it. */
  peek(noteId: string): { version: number; ids: ReadonlySet<number> } | undefined {
    const entry = this.entries.get(noteId);
    return entry && { version: entry.version, ids: entry.ids };
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.total;
  }
}
