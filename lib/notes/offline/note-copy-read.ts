import type { ShellReads } from "@/lib/notes/offline/read-ahead";

/**
 * A note's page reads only the note's own copy, for its editor, and hands it over as the shell's
 * reads are (`takeShellReads`). Kept short: its text is in every note page's HTML.
 */
export function startNoteCopyRead(): void {
  try {
    const userId = localStorage.getItem("groundwork:device-user");
    const match = /^\/notes\/([0-9a-f-]{36})\/?$/i.exec(location.pathname);
    if (!userId || !match) return;
    const noteId = match[1].toLowerCase();
    const copy = new Promise<unknown[] | null>((resolve) => {
      const request = indexedDB.open(`groundwork:${userId}:note:${noteId}`);
      request.onupgradeneeded = () => request.transaction?.abort();
      request.onerror = request.onblocked = () => resolve(null);
      request.onsuccess = () => {
        const db = request.result;
        try {
          const tx = db.transaction("updates");
          const all = tx.objectStore("updates").getAll();
          tx.oncomplete = () => resolve(all.result as unknown[]);
          // A failed read aborts the transaction.
          tx.onabort = () => resolve(null);
        } catch {
          resolve(null);
        } finally {
          db.close();
        }
      };
    }).catch(() => null); // A browser that refuses IndexedDB here: no copy read ahead.
    const reads: ShellReads = { userId, noteId, copy };
    (window as unknown as Record<string, ShellReads>)["__groundworkShellReads"] = reads;
  } catch {
    // The editor reads for itself.
  }
}

/** The inline script's text for a note's page. */
export const NOTE_COPY_READ_SCRIPT = `(${startNoteCopyRead.toString()})()`;
