import type { NoteListItem } from "@/lib/notes/list";
import type { OfflineFolder, OfflinePage } from "@/lib/notes/offline/list-store";
import type { NoteMadeHere } from "@/lib/notes/sync/pending-creates";
import { withShownText, type ShownText } from "@/lib/notes/offline/shown-text";
import { foldForSearch } from "@/lib/search/fold";
import type { DeviceTitle } from "@/lib/search/title-index";
import type { Role } from "@/lib/sharing/roles";

export type ShellNote = NoteListItem & {
  /** The note's folder, when the device knows it (a kept folder page, or the whole list kept). */
  folder_id: string | null;
  /** That folder's name. */
  folder: string | null;
  /** The note's tags ('work/q3'), when the whole list kept on the device tells them. */
  tags: string[];
  /** Whether this device holds the note's document, so it opens with no network. */
  onDevice: boolean;
  /** Made on this device and not yet on the server. */
  madeHere?: boolean;
  /**
   * Someone else's note shared with the person: listed under "Shared with me" only, opened with
   * what their role lets them do (a role this device was never told opens it to read).
   */
  shared?: { role: Role | null; owner: string; ownerId: string | null };
};

/**
 * The list the offline shell shows, from every list page kept on this device: each note once (its
 * newest copy), trashed ones left out, pinned first, then the most recently edited, as the live
 * list orders them. Notes made on this device and not yet on the server come first, newest first.
 * What was written here (`shown`) is shown where it is newer than the kept list's, and a note
 * written here that the kept list does not hold (made here and since sent) stays listed.
 * The whole list kept on the device (`every`: each note's title, folder, pin and tags, read in the
 * background online) adds the notes no kept page holds, by title, and tells every note's folder and
 * tags; where it is as new as a kept page's copy, its title, pin and folder win. It adds the notes
 * shared with the person too, marked as such, with their role and owner.
 */
export function shellList(
  pages: { folder: string | null; page: OfflinePage }[],
  folders: OfflineFolder[],
  onDevice: Set<string>,
  madeHere: NoteMadeHere[] = [],
  shown: Record<string, ShownText> = {},
  every: readonly DeviceTitle[] = [],
): ShellNote[] {
  return withLocalNotes(
    keptShellList(pages, folders, onDevice, every),
    pages,
    folders,
    madeHere,
    shown,
  );
}

/** Notes listed before their own (pinned first, then the most recently edited, then by id). */
const listOrder = (a: ShellNote, b: ShellNote) =>
  Number(b.pinned) - Number(a.pinned) ||
  (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : 0) ||
  (a.id < b.id ? -1 : 1);

/**
 * The shell's list as kept from the server (`shellList` without what was made and written on this
 * device): the costly part with 10,000 notes, laid out once per list read rather than at each pause
 * in typing.
 */
export function keptShellList(
  pages: { folder: string | null; page: OfflinePage }[],
  folders: OfflineFolder[],
  onDevice: Set<string>,
  every: readonly DeviceTitle[] = [],
): ShellNote[] {
  const names = new Map(folders.map((f) => [f.id, f.name]));
  const nameOf = (id: string | null | undefined) => (id ? (names.get(id) ?? null) : null);
  const byId = new Map<string, ShellNote>();
  for (const { folder, page } of pages) {
    for (const note of page.notes) {
      const known = byId.get(note.id);
      if (!known || note.updated_at > known.updated_at) {
        const folderId = folder ?? known?.folder_id ?? null;
        byId.set(note.id, {
          ...note,
          folder_id: folderId,
          folder: nameOf(folderId),
          tags: [],
          onDevice: onDevice.has(note.id),
        });
      } else if (folder && !known.folder_id) {
        known.folder_id = folder;
        known.folder = nameOf(folder);
      }
    }
  }
  for (const kept of every) {
    if (kept.shared) {
      byId.set(kept.id, {
        id: kept.id,
        title: kept.title,
        preview: kept.preview ?? "",
        pinned: false,
        updated_at: kept.updated_at,
        deleted_at: null,
        folder_id: null,
        folder: null,
        tags: [],
        onDevice: onDevice.has(kept.id),
        shared: {
          role: kept.role ?? null,
          owner: kept.owner ?? "",
          ownerId: kept.owner_id ?? null,
        },
      });
      continue;
    }
    const known = byId.get(kept.id);
    const folderId = kept.folder_id !== undefined ? kept.folder_id : (known?.folder_id ?? null);
    if (!known) {
      byId.set(kept.id, {
        id: kept.id,
        title: kept.title,
        preview: kept.preview ?? "",
        pinned: kept.pinned ?? false,
        updated_at: kept.updated_at,
        deleted_at: null,
        folder_id: folderId,
        folder: nameOf(folderId),
        tags: kept.tags ?? [],
        onDevice: onDevice.has(kept.id),
      });
      continue;
    }
    known.tags = kept.tags ?? known.tags;
    if (kept.updated_at >= known.updated_at) {
      if (kept.updated_at > known.updated_at) {
        known.title = kept.title;
        known.preview = kept.preview ?? "";
        known.updated_at = kept.updated_at;
      }
      known.pinned = kept.pinned ?? known.pinned;
      known.folder_id = folderId;
      known.folder = nameOf(folderId);
    } else if (!known.folder_id && folderId) {
      known.folder_id = folderId;
      known.folder = nameOf(folderId);
    }
  }
  const list = [...byId.values()].filter((note) => !note.deleted_at).sort(listOrder);
  // Trashed ones too: a note trashed elsewhere is not listed again for text written here before.
  idsOfList.set(list, new Set(byId.keys()));
  return list;
}

/** The ids a kept list was made from (its trashed notes' too), worked out once per list. */
const idsOfList = new WeakMap<readonly ShellNote[], Set<string>>();

/**
 * A kept list (`keptShellList`, left as it is) with what was made and written on this device: the
 * notes made here first, then the kept ones with their text written here where it is newer, and any
 * note written here the kept list lacks. Only the notes written here are copied; the list is sorted
 * again only when one of them is in it, which the sort does in about one pass as the rest is in
 * order already.
 */
export function withLocalNotes(
  kept: readonly ShellNote[],
  pages: { folder: string | null; page: OfflinePage }[],
  folders: OfflineFolder[],
  madeHere: NoteMadeHere[] = [],
  shown: Record<string, ShownText> = {},
): ShellNote[] {
  let ids = idsOfList.get(kept);
  if (!ids) {
    ids = new Set(kept.map((n) => n.id));
    idsOfList.set(kept, ids);
  }
  const names = new Map(folders.map((f) => [f.id, f.name]));
  const nameOf = (id: string | null | undefined) => (id ? (names.get(id) ?? null) : null);
  const made: ShellNote[] = madeHere
    .filter((n) => !ids.has(n.id))
    .sort((a, b) => (a.created_at < b.created_at ? 1 : -1))
    .map((n) => ({
      id: n.id,
      title: "",
      preview: "",
      pinned: n.pinned ?? false,
      updated_at: n.created_at,
      deleted_at: null,
      folder_id: n.folder ?? null,
      folder: nameOf(n.folder),
      tags: [],
      onDevice: true,
      madeHere: true,
    }));
  // A note written here that the kept list lacks: made here and since sent, and written after the
  // list was last kept (a list kept later holds it, as one of the most recently edited, unless it
  // was deleted elsewhere meanwhile). Written here, so its document is here.
  const madeIds = new Set(madeHere.map((n) => n.id));
  const all = pages.find((p) => p.folder === null)?.page.saved_at;
  const keptAt = (all && Date.parse(all)) || 0;
  const extra: ShellNote[] = [];
  for (const [id, text] of Object.entries(shown)) {
    if (ids.has(id) || madeIds.has(id) || Date.parse(text.updated_at) <= keptAt) continue;
    extra.push({
      id,
      ...text,
      pinned: false,
      deleted_at: null,
      folder_id: null,
      folder: null,
      tags: text.tags ?? [],
      onDevice: true,
    });
  }
  const written = Object.keys(shown).some((id) => ids.has(id));
  const listed =
    written || extra.length > 0 ? withShownText([...kept, ...extra], shown).sort(listOrder) : kept;
  return [...withShownText(made, shown), ...listed];
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
    const source = `${note.title}\n${note.preview}\n${note.folder ?? ""}`;
    let kept = foldedNotes.get(source);
    if (kept === undefined) {
      if (foldedNotes.size >= FOLDED_AT_MOST) foldedNotes.clear();
      kept = foldForSearch(source).text;
      foldedNotes.set(source, kept);
    }
    const text = kept;
    return words.every((word) => text.includes(word));
  });
}

/**
 * Each note's searchable text folded once, by the text itself: a keystroke in the search compares
 * the query with thousands of notes without folding them again, and so does the first one after
 * the list is laid out anew (at each pause in typing a note), since only the note written changed.
 * Emptied when it holds far more texts than any list, so texts no note has any more do not pile up.
 */
const foldedNotes = new Map<string, string>();
const FOLDED_AT_MOST = 50_000;

/**
 * What the offline shell lists: every note of the person's own, one folder's notes, one tag's
 * (sub-tags too), or the notes others share with them.
 */
export type ShellScope = { folder: string } | { tag: string } | { shared: true } | null;

const TAGS_PATH = "/notes/tags/";
const SHARED_PATH = "/notes/shared";

/**
 * The scope an address asks for, as the app's addresses say it (`?folder=`, `/notes/tags/a/b`,
 * `/notes/shared`).
 */
export function scopeFromAddress(pathname: string, search: string): ShellScope {
  if (pathname.replace(/\/$/, "") === SHARED_PATH) return { shared: true };
  if (pathname.startsWith(TAGS_PATH)) {
    try {
      const tag = pathname
        .slice(TAGS_PATH.length)
        .split("/")
        .filter(Boolean)
        .map((part) => decodeURIComponent(part))
        .join("/")
        .toLowerCase();
      return tag ? { tag } : null;
    } catch {
      return null;
    }
  }
  const folder = new URLSearchParams(search).get("folder");
  return folder ? { folder } : null;
}

/** The app's address of a scope's list. */
export function addressOfScope(scope: ShellScope): string {
  if (!scope) return "/notes";
  if ("shared" in scope) return SHARED_PATH;
  if ("folder" in scope) return `/notes?folder=${encodeURIComponent(scope.folder)}`;
  return TAGS_PATH + scope.tag.split("/").map(encodeURIComponent).join("/");
}

/**
 * The notes a scope holds: every note of the person's own, a folder's own (not its sub-folders', as
 * the app lists them), a tag's and its sub-tags', or those shared with them.
 */
export function notesInScope<T extends Pick<ShellNote, "folder_id" | "tags" | "shared">>(
  notes: readonly T[],
  scope: ShellScope,
): T[] {
  if (scope && "shared" in scope) return notes.filter((n) => n.shared);
  if (!scope) return notes.filter((n) => !n.shared);
  if ("folder" in scope) return notes.filter((n) => n.folder_id === scope.folder);
  const under = `${scope.tag}/`;
  return notes.filter((n) => n.tags.some((t) => t === scope.tag || t.startsWith(under)));
}

/**
 * The tags of these notes, each with how many notes it holds (its sub-tags' included, a note
 * counted once), in the order of their names: `work` for a note tagged only `work/q3` too.
 */
export function shellTags(
  notes: readonly Pick<ShellNote, "tags">[],
): { tag: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const note of notes) {
    for (const path of notePaths(note.tags)) counts.set(path, (counts.get(path) ?? 0) + 1);
  }
  return [...counts]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
}

/** A note's tags and their parents, each once, worked out once per list of tags kept. */
const pathsOfNote = new WeakMap<readonly string[], readonly string[]>();

function notePaths(tags: readonly string[]): readonly string[] {
  if (tags.length === 0) return tags;
  if (tags.length === 1) return tagPaths(tags[0]);
  let paths = pathsOfNote.get(tags);
  if (!paths) {
    paths = [...new Set(tags.flatMap(tagPaths))];
    pathsOfNote.set(tags, paths);
  }
  return paths;
}

/** A tag and its parents (`trip/lisbon`: `trip`, `trip/lisbon`), worked out once per tag. */
const pathsOfTag = new Map<string, string[]>();
const TAGS_AT_MOST = 50_000;

function tagPaths(tag: string): string[] {
  let paths = pathsOfTag.get(tag);
  if (!paths) {
    const parts = tag.split("/");
    paths = parts.map((_, i) => parts.slice(0, i + 1).join("/"));
    if (pathsOfTag.size >= TAGS_AT_MOST) pathsOfTag.clear();
    pathsOfTag.set(tag, paths);
  }
  return paths;
}

/** The folders as a tree read top-down, each with its depth, siblings by name. */
export function foldersInOrder(
  folders: readonly OfflineFolder[],
): { folder: OfflineFolder; depth: number }[] {
  const ids = new Set(folders.map((f) => f.id));
  const children = new Map<string | null, OfflineFolder[]>();
  for (const folder of folders) {
    // A folder whose parent is not kept is shown at the top, not lost.
    const parent = folder.parent_id && ids.has(folder.parent_id) ? folder.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), folder]);
  }
  const out: { folder: OfflineFolder; depth: number }[] = [];
  const seen = new Set<string>();
  const walk = (parent: string | null, depth: number) => {
    const list = (children.get(parent) ?? []).sort((a, b) => a.name.localeCompare(b.name));
    for (const folder of list) {
      if (seen.has(folder.id)) continue;
      seen.add(folder.id);
      out.push({ folder, depth });
      walk(folder.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}
