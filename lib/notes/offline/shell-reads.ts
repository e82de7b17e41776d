/**
 * The app shell's first reads of this device's IndexedDB, started by an inline script as the shell's
 * HTML is parsed, long before its code has loaded and React hydrates: the person's kept list, which
 * notes' documents the device holds and, for a note's address, that note's stored updates. The
 * shell's code takes the answers (`takeShellReads`) instead of asking again.
 *
 * `startShellReads` runs as the text of its own source: it uses nothing from outside itself. It
 * reads only; a database the device lacks is not created (its open is called off).
 */
export interface ShellReads {
  userId: string;
  noteId: string | null;
  /** The list database's keys and values, in key order; null when there is none. */
  list: Promise<{ keys: IDBValidKey[]; values: unknown[] } | null>;
  /** The open note's stored updates; null when the device has no copy. */
  copy: Promise<unknown[] | null> | null;
  /** Every database's name on this device; null where the browser cannot list them. */
  databases: Promise<{ name?: string }[]> | null;
}

const KEY = "__groundworkShellReads";

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

/** The inline script's text. */
export const SHELL_READS_SCRIPT = `(${startShellReads.toString()})()`;

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
