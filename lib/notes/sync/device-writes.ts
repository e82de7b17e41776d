import * as Y from "yjs";

import { batched } from "@/lib/notes/change-batch";

/** How long this device's copy may lag behind the editor while someone types. */
export const DEVICE_WRITE_DELAY_MS = 300;

/** The part of y-indexeddb's persistence that stores each change of the document as it happens. */
export interface DeviceCopyWriter {
  _storeUpdate: (update: Uint8Array, origin: unknown) => void;
}

/**
 * y-indexeddb writes every change of the note to this device's copy in an IndexedDB transaction of
 * its own: one a keystroke, each costing the typing a millisecond or more. Here the changes made
 * within `delayMs` of the first are merged into one update and written together. What is written
 * is the same document; it is written at the latest when the page is hidden or closed, or when the
 * editor is put away (`stop`).
 */
export function batchDeviceWrites(
  doc: Y.Doc,
  local: DeviceCopyWriter,
  delayMs = DEVICE_WRITE_DELAY_MS,
) {
  const store = local._storeUpdate;
  doc.off("update", store);
  const waiting = batched<Uint8Array>(
    (updates) => store(updates.length === 1 ? updates[0] : Y.mergeUpdates(updates), null),
    delayMs,
  );
  const flush = waiting.flush;
  const onUpdate = (update: Uint8Array, origin: unknown) => {
    // What the copy itself loaded is in it already.
    if (origin !== local) waiting.push(update);
  };
  const onHidden = () => {
    if (document.visibilityState === "hidden") flush();
  };
  doc.on("update", onUpdate);
  const browser = typeof window !== "undefined";
  if (browser) {
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", onHidden);
  }
  return {
    flush,
    /** Writes what is waiting and goes back to nothing: call before the copy is closed. */
    stop() {
      flush();
      doc.off("update", onUpdate);
      if (browser) {
        window.removeEventListener("pagehide", flush);
        document.removeEventListener("visibilitychange", onHidden);
      }
    },
  };
}
