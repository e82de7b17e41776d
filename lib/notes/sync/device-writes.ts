import * as Y from "yjs";

import { batched } from "@/lib/notes/change-batch";

/** How long this device's copy may lag behind the editor while someone types. */
export const DEVICE_WRITE_DELAY_MS = 300;

/** The part of y-indexeddb's persistence that stores each change of the document as it happens. */
export interface DeviceCopyWriter {
  _storeUpdate: (update: Uint8Array, origin: unknown) => void;
  /** The copy's database, once open (y-indexeddb keeps each change in its `updates` store). */
  db?: IDBDatabase | null;
}

/**
 * Writes `update` to the copy in a transaction committed at once, for a page that is going away:
 * a transaction left to commit by itself waits for its request's answer to reach the page, and a
 * page being unloaded (a reload, the app closed) never takes it, so the browser drops the write.
 * Answers false where it could not (the copy not open yet, no explicit commit in this browser).
 */
function writeCommitted(local: DeviceCopyWriter, update: Uint8Array): boolean {
  const db = local.db;
  if (!db) return false;
  try {
    const transaction = db.transaction(["updates"], "readwrite");
    if (typeof transaction.commit !== "function") {
      transaction.abort();
      return false;
    }
    transaction.objectStore("updates").add(update);
    transaction.commit();
    return true;
  } catch {
    return false;
  }
}

/**
 * y-indexeddb writes every change of the note to this device's copy in an IndexedDB transaction of
 * its own: one a keystroke, each costing the typing a millisecond or more. Here the changes made
 * within `delayMs` of the first are merged into one update and written together. What is written
 * is the same document; it is written at the latest when the page is hidden or closed, or when the
 * editor is put away (`stop`). A page hidden or closed writes in a transaction committed at once,
 * so what was typed in its last moments is kept even as the page goes.
 */
export function batchDeviceWrites(
  doc: Y.Doc,
  local: DeviceCopyWriter,
  delayMs = DEVICE_WRITE_DELAY_MS,
) {
  const store = local._storeUpdate;
  doc.off("update", store);
  let leaving = false;
  const waiting = batched<Uint8Array>((updates) => {
    const update = updates.length === 1 ? updates[0] : Y.mergeUpdates(updates);
    if (!(leaving && writeCommitted(local, update))) store(update, null);
  }, delayMs);
  const flush = waiting.flush;
  const leave = () => {
    leaving = true;
    try {
      flush();
    } finally {
      leaving = false;
    }
  };
  const onUpdate = (update: Uint8Array, origin: unknown) => {
    // What the copy itself loaded is in it already.
    if (origin !== local) waiting.push(update);
  };
  const onHidden = () => {
    if (document.visibilityState === "hidden") leave();
  };
  doc.on("update", onUpdate);
  const browser = typeof window !== "undefined";
  if (browser) {
    window.addEventListener("pagehide", leave);
    document.addEventListener("visibilitychange", onHidden);
  }
  return {
    flush,
    /** Writes what is waiting and goes back to nothing: call before the copy is closed. */
    stop() {
      flush();
      doc.off("update", onUpdate);
      if (browser) {
        window.removeEventListener("pagehide", leave);
        document.removeEventListener("visibilitychange", onHidden);
      }
    },
  };
}
