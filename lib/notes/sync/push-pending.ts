import type * as Y from "yjs";

import { notesMadeHere } from "@/lib/notes/sync/pending-creates";
import { markPending, pendingNotes } from "@/lib/notes/sync/pending-notes";
import { NoteSync } from "@/lib/notes/sync/note-sync";
import { TransientError, type NoteStore } from "@/lib/notes/sync/types";

export interface PendingNoteCopy {
  doc: Y.Doc;
  store: NoteStore;
  close: () => Promise<void>;
}

/**
 * Stores what this device holds of each note marked pending and the server lacks, one note at a
 * time, as the note's own page would on opening (through the same store, so the server writes each
 * note's text from it). A note made here and not yet on the server is among them whether or not it
 * is marked: it is nowhere else. A note stays marked until all of its changes are stored; one the
 * server refuses is said (`onRefused`). Resolves with how many notes were stored.
 */
export async function pushPendingNotes(
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem">,
  userId: string,
  open: (noteId: string) => Promise<PendingNoteCopy>,
  onRefused: (noteId: string, message: string) => void = () => {},
): Promise<number> {
  let stored = 0;
  const waiting = new Set([
    ...pendingNotes(storage, userId),
    ...notesMadeHere(storage, userId).map((n) => n.id),
  ]);
  for (const noteId of waiting) {
    const copy = await open(noteId);
    const sync = new NoteSync(copy.doc, copy.store, null, {});
    try {
      await sync.catchUp();
      await sync.flush();
      if (!sync.hasUnsavedChanges()) {
        markPending(storage, userId, noteId, false);
        stored += 1;
      }
    } catch (err) {
      // Unreachable: it stays marked for the next time this device is online. Refused (the note
      // is gone): nothing to store; its page says so should it still be opened.
      if (!(err instanceof TransientError)) {
        markPending(storage, userId, noteId, false);
        onRefused(noteId, (err as Error).message);
      }
    } finally {
      sync.destroy();
      await copy.close();
    }
  }
  return stored;
}
