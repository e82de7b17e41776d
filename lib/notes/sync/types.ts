/** What a note's sync needs from the database: the stored state and its pending updates. */
export interface StoredNote {
  ydoc: Uint8Array;
  version: number;
  updates: { id: number; data: Uint8Array }[];
}

export interface NoteStore {
  load(): Promise<StoredNote>;
  /** Appends one update durably; resolves with its row id. */
  append(update: Uint8Array): Promise<number>;
  /** Resolves with the new version; rejects with a StaleCompactionError when someone was first. */
  compact(state: Uint8Array, baseVersion: number, mergedIds: number[]): Promise<number>;
  /** Asks for the note's text to be written from what is stored (each append does it too). */
  derive(): Promise<void>;
}

/** The fast path between open devices; the store is what makes an edit safe. */
export interface NoteTransport {
  send(update: Uint8Array): void;
}

export type SaveState = "saved" | "saving" | "offline" | "error";

export class StaleCompactionError extends Error {}

/** A failure that waiting will fix (no network, server away), as opposed to a refused write. */
export class TransientError extends Error {}
