import type { NoteListItem } from "@/lib/notes/list";
import type { OfflineFolder, OfflinePage } from "@/lib/notes/offline/list-store";
import type { NoteMadeHere } from "@/lib/notes/sync/pending-creates";
import { withShownText, type ShownText } from "@/lib/notes/offline/shown-text";
import { foldForSearch } from "@/lib/search/fold";

export type ShellNote = NoteListItem & {
  /** The folder's name when a kept folder page shows the note. */
  folder: string | null;
  /** Whether this device holds the note's document, so it opens with no network. */
  onDevice: boolean;
  /** Made on this device and not yet on the server. */
  madeHere?: boolean;
};

/**
 * The list the offline shell shows, from every list page kept on this device: each note once (its
 * newest copy), trashed ones left out, pinned first, then the most recently edited, as the live
 * list orders them. Notes made on this device and not yet on the server come first, newest first.
 * What was written here (`shown`) is shown where it is newer than the kept list's, and a note
 * written here that the kept list does not hold (made here and since sent) stays listed.
 */
export function shellList(
  pages: { folder: string | null; page: OfflinePage }[],
  folders: OfflineFolder[],
  onDevice: Set<string>,
  madeHere: NoteMadeHere[] = [],
  shown: Record<string, ShownText> = {},
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
  const made: ShellNote[] = madeHere
    .filter((n) => !byId.has(n.id))
    .sort((a, b) => (a.created_at < b.created_at ? 1 : -1))
    .map((n) => ({
      id: n.id,
      title: "",
      preview: "",
      pinned: n.pinned ?? false,
      updated_at: n.created_at,
      deleted_at: null,
      folder: n.folder ? (names.get(n.folder) ?? null) : null,
      onDevice: true,
      madeHere: true,
    }));
  // A note written here that the kept list lacks: made here and since sent, and written after the
  // list was last kept (a list kept later holds it, as one of the most recently edited, unless it
  // was deleted elsewhere meanwhile). Written here, so its document is here.
  const madeIds = new Set(madeHere.map((n) => n.id));
  const all = pages.find((p) => p.folder === null)?.page.saved_at;
  const keptAt = (all && Date.parse(all)) || 0;
  for (const [id, text] of Object.entries(shown)) {
    if (byId.has(id) || madeIds.has(id) || Date.parse(text.updated_at) <= keptAt) continue;
    byId.set(id, { id, ...text, pinned: false, deleted_at: null, folder: null, onDevice: true });
  }
  const kept = withShownText([...byId.values()], shown)
    .filter((note) => !note.deleted_at)
    .sort(
      (a, b) =>
        Number(b.pinned) - Number(a.pinned) ||
        (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : 0) ||
        (a.id < b.id ? -1 : 1),
    );
  return [...withShownText(made, shown), ...kept];
}

/** The line the shell shows about changes not yet stored on the server. */
export function waitingLine(count: number): string {
  if (count === 0) return "Every change is synced";
  return count === 1
    ? "1 note has changes waiting to sync"
    : `${count} notes have changes waiting to sync`;
}

/**
 * The notes a search of the device's list finds: those whose title, preview or folder holds every
 * word of `query`, compared as search compares text (any case, with or without accents). An empty
 * query finds every note; the order is the list's own.
 */
export function searchShellNotes<T extends Pick<ShellNote, "title" | "preview" | "folder">>(
  notes: readonly T[],
  query: string,
): T[] {
  const words = foldForSearch(query).text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...notes];
  return notes.filter((note) => {
    const text = foldForSearch(`${note.title}\n${note.preview}\n${note.folder ?? ""}`).text;
    return words.every((word) => text.includes(word));
  });
}
