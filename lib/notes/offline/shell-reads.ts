/**
 * The app shell's first reads of this device's IndexedDB, started by an inline script as the shell's
 * HTML is parsed, long before its code has loaded and React hydrates: the person's kept list, which
 * notes' documents the device holds and, for a note's address, that note's stored updates. The
 * shell's code takes the answers (`takeShellReads`) instead of asking again. A note's own page
 * (from the server) reads only the note's copy (`startNoteCopyRead`), for its editor.
 *
 * `startShellReads` runs as the text of its own source: it uses nothing from outside itself. It
 * reads only; a database the device lacks is not created (its open is called off).
 */
import type { ShellReads } from "@/lib/notes/offline/read-ahead";

export function startShellReads(): void {
  const read = (
    name: string,
    store: string,
    withKeys: boolean,
  ): Promise<{ keys: IDBValidKey[]; values: unknown[] } | null> =>
    new Promise((resolve) => {
      let request: IDBOpenDBRequest;
      try {
        request = indexedDB.open(name);
      } catch {
        return resolve(null);
      }
      request.onupgradeneeded = () => request.transaction?.abort();
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
      request.onsuccess = () => {
        const db = request.result;
        try {
          if (!db.objectStoreNames.contains(store)) return resolve(null);
          const tx = db.transaction(store, "readonly");
          const values = tx.objectStore(store).getAll();
          const keys = withKeys ? tx.objectStore(store).getAllKeys() : null;
          tx.oncomplete = () =>
            resolve({ keys: keys ? keys.result : [], values: values.result as unknown[] });
          tx.onerror = () => resolve(null);
          tx.onabort = () => resolve(null);
        } catch {
          resolve(null);
        } finally {
          db.close();
        }
      };
    });
  try {
    const userId = localStorage.getItem("groundwork:device-user");
    if (!userId) return;
    const match = /^\/notes\/([0-9a-f-]{36})\/?$/i.exec(location.pathname);
    const noteId = match ? match[1].toLowerCase() : null;
    const reads: ShellReads = {
      userId,
      noteId,
      list: read(`groundwork:${userId}:list`, "kv", true),
      copy: noteId
        ? read(`groundwork:${userId}:note:${noteId}`, "updates", false).then((r) =>
            r ? r.values : null,
          )
        : null,
      databases: indexedDB.databases ? indexedDB.databases().catch(() => []) : null,
    };
    (window as unknown as Record<string, ShellReads>)["__groundworkShellReads"] = reads;
  } catch {
    // The shell's code reads for itself.
  }
}

/** The inline script's text, for the app shell. */
export const SHELL_READS_SCRIPT = `(${startShellReads.toString()})()`;
