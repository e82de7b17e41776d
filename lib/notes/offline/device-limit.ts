/**
 * How many notes' documents this device keeps for opening with no network, and which ones: the
 * most recently opened, up to a limit the person chooses on the device (Your data → This device).
 * A note with changes waiting to sync, made here and not yet on the server, or open in any tab is
 * always kept; the others go, least recently opened first, and open again from the server.
 * The list of every note (titles, folders, tags) is small and always kept whole.
 */

import { notesOnDevice } from "@/lib/notes/offline/list-store";
import { localCopyName } from "@/lib/notes/sync/device-copy";
import { notesMadeHere } from "@/lib/notes/sync/pending-creates";
import { pendingNotes } from "@/lib/notes/sync/pending-notes";
import { keptNotesLimit } from "@/lib/notes/offline/keep-setting";

type KeyValue = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const openedKey = (userId: string) => `groundwork:${userId}:opened-notes`;

/** When each note kept here was last opened (ms since the epoch). */
export function notesOpened(
  storage: Pick<Storage, "getItem">,
  userId: string,
): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(openedKey(userId)) ?? "{}");
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, number] => typeof entry[1] === "number",
      ),
    );
  } catch {
    return {};
  }
}

/** A note was opened on this device now. */
export function noteOpenedHere(storage: KeyValue, userId: string, noteId: string, at = Date.now()) {
  try {
    storage.setItem(
      openedKey(userId),
      JSON.stringify({ ...notesOpened(storage, userId), [noteId]: at }),
    );
  } catch {
    // Storage full: the note counts as opened long ago, and goes first when the device makes room.
  }
}

/** Forgets when these notes were opened: their documents are no longer here. */
export function forgetOpened(storage: KeyValue, userId: string, noteIds: readonly string[]) {
  const opened = notesOpened(storage, userId);
  for (const id of noteIds) delete opened[id];
  try {
    storage.setItem(openedKey(userId), JSON.stringify(opened));
  } catch {
    // Left as it was: entries of notes not here are never read.
  }
}

/**
 * The notes whose documents go so that at most `limit` stay: the least recently opened first (one
 * never seen opened counts as oldest), never one in `keep`. Fewer go when the notes to keep alone
 * are more than the limit.
 */
export function notesToLetGo(
  onDevice: Iterable<string>,
  opened: Record<string, number>,
  keep: ReadonlySet<string>,
  limit: number | null,
): string[] {
  if (limit === null) return [];
  const all = [...onDevice];
  const excess = all.length - limit;
  if (excess <= 0) return [];
  return all
    .filter((id) => !keep.has(id))
    .sort((a, b) => (opened[a] ?? 0) - (opened[b] ?? 0) || (a < b ? -1 : 1))
    .slice(0, excess);
}

/** The lock a tab holds while a note is open in it, so no tab lets go of that note's document. */
const lockName = (userId: string, noteId: string) => `groundwork:${userId}:open-note:${noteId}`;

/** Holds the note open until the returned function is called (nothing where locks are missing). */
export function holdNoteOpen(userId: string, noteId: string): () => void {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  if (typeof navigator !== "undefined" && navigator.locks) {
    navigator.locks
      .request(lockName(userId, noteId), { mode: "shared" }, () => held)
      .catch(() => {});
  }
  return release;
}

/** The notes open in some tab of this browser now. */
export async function notesOpenNow(userId: string): Promise<Set<string>> {
  const prefix = lockName(userId, "");
  if (typeof navigator === "undefined" || !navigator.locks) return new Set();
  const { held = [], pending = [] } = await navigator.locks.query();
  return new Set(
    [...held, ...pending].flatMap(({ name }) =>
      name?.startsWith(prefix) ? [name.slice(prefix.length)] : [],
    ),
  );
}

/**
 * Lets go of the documents of the notes past the limit (see `notesToLetGo`), deleting their
 * databases; the notes stay listed and open from the server. Returns how many went and how many
 * are kept.
 */
export async function keepNotesWithinLimit(
  userId: string,
  limit: number | null = keptNotesLimit(localStorage),
): Promise<{ removed: number; kept: number }> {
  const [onDevice, open] = await Promise.all([notesOnDevice(userId), notesOpenNow(userId)]);
  const keep = new Set([
    ...open,
    ...pendingNotes(localStorage, userId),
    ...notesMadeHere(localStorage, userId).map((n) => n.id),
  ]);
  const going = notesToLetGo(onDevice, notesOpened(localStorage, userId), keep, limit);
  await Promise.all(
    going.map(
      (id) =>
        new Promise<void>((resolve) => {
          const request = indexedDB.deleteDatabase(localCopyName(userId, id));
          request.onsuccess = request.onerror = request.onblocked = () => resolve();
        }),
    ),
  );
  forgetOpened(localStorage, userId, going);
  return { removed: going.length, kept: onDevice.size - going.length };
}

let soon: ReturnType<typeof setTimeout> | undefined;

/**
 * After a note is opened: makes room, if the device is past its limit, once things are quiet and
 * only while online.
 */
export function keepNotesWithinLimitSoon(userId: string): void {
  clearTimeout(soon);
  soon = setTimeout(() => {
    // Offline, a note let go could not be opened again until the network is back: room is made
    // only online.
    const go = () => {
      if (navigator.onLine) void keepNotesWithinLimit(userId).catch(() => {});
    };
    if (typeof window.requestIdleCallback !== "function") return go();
    window.requestIdleCallback(go, { timeout: 10_000 });
  }, 5_000);
}
