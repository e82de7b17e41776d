/**
 * This device's copy of a note, read as stored updates without the editor's code (y-indexeddb
 * keeps each update in the `updates` store of `groundwork:<user>:note:<id>`). The app shell reads
 * it alongside the list as it starts, so the note is in hand by the time the editor is; the
 * editor applies it and opens at once instead of opening the database after it is made.
 */
const UPDATES = "updates";

/** The IndexedDB database that keeps this device's copy of a note, per person. */
export function localCopyName(userId: string, noteId: string): string {
  return `groundwork:${userId}:note:${noteId}`;
}

/**
 * The stored updates, in order; null when the device has no copy (the database is never created
 * here: an open that would create it is called off) or it cannot be read.
 */
export function readDeviceCopy(name: string): Promise<Uint8Array[] | null> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(name);
    } catch {
      return resolve(null);
    }
    // No copy: creating an empty database here would leave y-indexeddb without its stores.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
    request.onsuccess = () => {
      const db = request.result;
      try {
        if (!db.objectStoreNames.contains(UPDATES)) return resolve(null);
        const read = db.transaction(UPDATES, "readonly").objectStore(UPDATES).getAll();
        read.onsuccess = () => {
          const updates = (read.result as unknown[]).filter(
            (u): u is Uint8Array => u instanceof Uint8Array,
          );
          resolve(updates.length > 0 ? updates : null);
        };
        read.onerror = () => resolve(null);
      } catch {
        resolve(null);
      } finally {
        // Closed as soon as the read is queued: it still completes, and no other tab waits on it.
        db.close();
      }
    };
  });
}
