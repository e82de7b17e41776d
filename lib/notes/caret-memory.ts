/**
 * Where the caret was in a note, kept on this device (one small entry per note) so that reopening
 * the note puts it back. A device-only convenience: nothing is lost if storage refuses.
 */
const PREFIX = "groundwork:caret:";

export type Caret = { anchor: number; head: number };

export function readCaret(storage: Pick<Storage, "getItem"> | null, noteId: string): Caret | null {
  try {
    const raw = storage?.getItem(PREFIX + noteId);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Caret>;
    if (!Number.isInteger(parsed.anchor) || !Number.isInteger(parsed.head)) return null;
    return { anchor: parsed.anchor!, head: parsed.head! };
  } catch {
    return null;
  }
}

export function writeCaret(storage: Pick<Storage, "setItem">, noteId: string, caret: Caret) {
  try {
    storage.setItem(PREFIX + noteId, JSON.stringify(caret));
  } catch {
    // Storage full or refused: the note opens at its start, as before.
  }
}
