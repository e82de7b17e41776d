/**
 * What a page's inline script read of this device's IndexedDB before the page's code ran, and
 * how that code takes it: the app shell's reads (lib/notes/offline/shell-reads.ts) and a note
 * page's read of the note's copy (lib/notes/offline/note-copy-read.ts). Kept apart from the
 * scripts themselves, so the code that takes the reads does not carry their text.
 */
export interface ShellReads {
  userId: string;
  noteId: string | null;
  /** The list database's keys and values, in key order; null when there is none (absent: not read). */
  list?: Promise<{ keys: IDBValidKey[]; values: unknown[] } | null>;
  /** The open note's stored updates; null when the device has no copy. */
  copy: Promise<unknown[] | null> | null;
  /** Every database's name on this device; null where the browser cannot list them (absent: not read). */
  databases?: Promise<{ name?: string }[]> | null;
}

const KEY = "__groundworkShellReads";

/** The updates of a note's copy as read ahead; null when the device holds none. */
export function updatesOf(values: unknown[] | null): Uint8Array[] | null {
  const kept = (values ?? []).filter((u): u is Uint8Array => u instanceof Uint8Array);
  return kept.length > 0 ? kept : null;
}

/** The note's copy as read ahead, for its editor: none when it was not read or the read failed. */
export function copyReadAhead(reads: ShellReads | null): Promise<Uint8Array[] | null> | undefined {
  return reads?.copy?.then(updatesOf, () => null);
}

/**
 * The reads the inline script started, for this person (and note), once: a shell mounted again,
 * or another person's reads, read afresh.
 */
export function takeShellReads(userId: string, noteId: string | null): ShellReads | null {
  const holder = window as unknown as Record<string, ShellReads | undefined>;
  const reads = holder[KEY];
  delete holder[KEY];
  if (!reads || reads.userId !== userId || reads.noteId !== noteId) return null;
  return reads;
}
