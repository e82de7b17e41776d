import { queueMove } from "@/lib/folders/move-queue";
import { dropChangesFor, queueChange } from "@/lib/notes/offline/organize-queue";
import type { ShellNote } from "@/lib/notes/offline/shell-list";
import { forgetShownText } from "@/lib/notes/offline/shown-text";
import { changeNoteMadeHere, forgetNoteMadeHere } from "@/lib/notes/sync/pending-creates";
import { markPending } from "@/lib/notes/sync/pending-notes";

const PENDING_MOVES = "groundwork:pending-note-moves";

/**
 * What the offline shell does to a note: kept on this device and shown at once, carried out when
 * the server answers again. A note made here and not yet on the server is changed where it waits
 * (it is made filed and pinned that way), and deleting it leaves nothing to send.
 */
export function moveOffline(userId: string, note: ShellNote, folder: string | null): void {
  if (note.madeHere) changeNoteMadeHere(localStorage, userId, note.id, { folder });
  else queueMove(note.id, folder);
}

export function pinOffline(userId: string, note: ShellNote, pinned: boolean): void {
  if (note.madeHere) changeNoteMadeHere(localStorage, userId, note.id, { pinned });
  else queueChange(localStorage, userId, { id: note.id, kind: "pin", pinned, at: now() });
}

export function trashOffline(userId: string, note: ShellNote): void {
  if (!note.madeHere) {
    queueChange(localStorage, userId, { id: note.id, kind: "trash", trashed: true, at: now() });
    return;
  }
  // Never on the server: it is gone, with everything this device kept of it.
  forgetNoteMadeHere(localStorage, userId, note.id);
  forgetShownText(localStorage, userId, note.id);
  markPending(localStorage, userId, note.id, false);
  dropChangesFor(localStorage, userId, note.id);
  try {
    const moves = JSON.parse(localStorage.getItem(PENDING_MOVES) ?? "{}") as Record<
      string,
      unknown
    >;
    if (note.id in moves) {
      delete moves[note.id];
      localStorage.setItem(PENDING_MOVES, JSON.stringify(moves));
    }
  } catch {
    // Nothing readable was kept.
  }
  indexedDB.deleteDatabase(`groundwork:${userId}:note:${note.id}`);
}

export function restoreOffline(userId: string, note: ShellNote): void {
  queueChange(localStorage, userId, { id: note.id, kind: "trash", trashed: false, at: now() });
}

const now = () => new Date().toISOString();
