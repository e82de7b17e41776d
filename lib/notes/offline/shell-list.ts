import type { NoteListItem } from "@/lib/notes/list";
import type { OfflineFolder, OfflinePage } from "@/lib/notes/offline/list-store";

export type ShellNote = NoteListItem & {
  /** The folder's name when a kept folder page shows the note. */
  folder: string | null;
  /** Whether this device holds the note's document, so it opens with no network. */
  onDevice: boolean;
};

/**
 * The list the offline shell shows, from every list page kept on this device: each note once (its
 * newest copy), trashed ones left out, pinned first, then the most recently edited, as the live
 * list orders them.
 */
export function shellList(
  pages: { folder: string | null; page: OfflinePage }[],
  folders: OfflineFolder[],
  onDevice: Set<string>,
): ShellNote[] {
  const names = new Map(folders.map((f) => [f.id, f.name]));
  const byId = new Map<string, ShellNote>();
  for (const { folder, page } of pages) {
    for (const note of page.notes) {
      const known = byId.get(note.id);
      const folderName = folder ? (names.get(folder) ?? null) : null;
      if (!known || note.updated_at > known.updated_at) {
        byId.set(note.id, {
          ...note,
          folder: folderName ?? known?.folder ?? null,
          onDevice: onDevice.has(note.id),
        });
      } else if (folderName && !known.folder) {
        known.folder = folderName;
      }
    }
  }
  return [...byId.values()]
    .filter((note) => !note.deleted_at)
    .sort(
      (a, b) =>
        Number(b.pinned) - Number(a.pinned) ||
        (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : 0) ||
        (a.id < b.id ? -1 : 1),
    );
}

/** The line the shell shows about changes not yet stored on the server. */
export function waitingLine(count: number): string {
  if (count === 0) return "Every change is synced";
  return count === 1
    ? "1 note has changes waiting to sync"
    : `${count} notes have changes waiting to sync`;
}
