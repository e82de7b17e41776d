import { CHECKED_DOWN_KEY } from "@/lib/notes/checklist-preference";
import { KEEP_NOTES_KEY } from "@/lib/notes/offline/keep-setting";
import type { NoteListItem } from "@/lib/notes/list";
import { forgetPeopleStores, oneStore } from "@/lib/local-db/one-store";
import { cacheIsPublic } from "@/lib/pwa/offline-shell";

/**
 * This device's copy of a person's notes list, for the app to open with no network: the list pages
 * they have seen (at least the first of All notes) and their folders, in an IndexedDB database of
 * their own, beside each note's document (`groundwork:<user>:note:<id>`). Written from the live list.
 */
export type OfflineFolder = { id: string; name: string; parent_id: string | null };
export type OfflinePage = { notes: NoteListItem[]; more: boolean; saved_at: string };

const STORE = "kv";
/** Which person this device was last signed in as; cleared at sign-out. */
const DEVICE_USER = "groundwork:device-user";

export function offlineListName(userId: string): string {
  return `groundwork:${userId}:list`;
}

/** Settings of the device, not of the person: kept across sign-outs. */
const DEVICE_SETTINGS = [CHECKED_DOWN_KEY, KEEP_NOTES_KEY];

/** Every database this app keeps for someone starts with this. */
export const LOCAL_DATABASE_PREFIX = "groundwork:";

function run<T>(
  userId: string,
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  return oneStore(offlineListName(userId), STORE).run(mode, act);
}

const pageKey = (folder: string | null) => `page:${folder ?? "all"}`;

/**
 * Set at sign-out, until someone signs in again in this page: a save the list scheduled just
 * before (it waits half a second for the list to settle) must not create the database again.
 */
let forgotten = false;

/** Someone signed in: this page may keep their list again. */
export function rememberDevice(): void {
  forgotten = false;
  forgetPeopleStores(false);
}

export async function saveListPage(
  userId: string,
  folder: string | null,
  page: { notes: NoteListItem[]; more: boolean },
): Promise<void> {
  if (forgotten) return;
  const saved: OfflinePage = { ...page, saved_at: new Date().toISOString() };
  await run(userId, "readwrite", (store) => store.put(saved, pageKey(folder)));
  // Signed out while the page was being written: the sign-out deletes it; whose device this was
  // is not written back after it.
  if (forgotten) return;
  try {
    localStorage.setItem(DEVICE_USER, userId);
  } catch {
    // Storage refused: the shell will not know whose list to show, and says so.
  }
}

export async function saveFolders(userId: string, folders: OfflineFolder[]): Promise<void> {
  if (forgotten) return;
  await run(userId, "readwrite", (store) => store.put(folders, "folders"));
}

/**
 * Every list page kept, by folder (null: All notes), and the folders: one transaction, so the
 * database is opened once (the shell reads this before anything else shows).
 */
export async function readOfflineList(userId: string): Promise<{
  pages: { folder: string | null; page: OfflinePage }[];
  folders: OfflineFolder[];
}> {
  let keys: IDBValidKey[] = [];
  const values = await run(userId, "readonly", (store) => {
    const read = store.getAllKeys();
    read.onsuccess = () => (keys = read.result);
    return store.getAll();
  });
  return listFromEntries(keys, values);
}

/** The kept pages and folders from the list database's keys and values (both in key order). */
export function listFromEntries(
  keys: IDBValidKey[],
  values: unknown[],
): {
  pages: { folder: string | null; page: OfflinePage }[];
  folders: OfflineFolder[];
} {
  const pages: { folder: string | null; page: OfflinePage }[] = [];
  let folders: OfflineFolder[] = [];
  // Both in key order, from the same transaction.
  keys.forEach((key, i) => {
    const value: unknown = values[i];
    if (key === "folders") folders = value as OfflineFolder[];
    else if (typeof key === "string" && key.startsWith("page:")) {
      const name = key.slice("page:".length);
      pages.push({ folder: name === "all" ? null : name, page: value as OfflinePage });
    }
  });
  return { pages, folders };
}

export function deviceUser(): string | null {
  try {
    return localStorage.getItem(DEVICE_USER);
  } catch {
    return null;
  }
}

/** The notes whose documents this device holds (`indexedDB.databases()`; none where unsupported). */
export async function notesOnDevice(userId: string): Promise<Set<string>> {
  return notesAmong(await indexedDB.databases?.().catch(() => []), userId);
}

/** The notes whose documents are among these databases, for this person. */
export function notesAmong(all: { name?: string }[] | undefined, userId: string): Set<string> {
  const prefix = `groundwork:${userId}:note:`;
  return new Set(
    (all ?? []).flatMap(({ name }) =>
      name?.startsWith(prefix) ? [name.slice(prefix.length)] : [],
    ),
  );
}

/**
 * Signing out: every database and stored key this app keeps for anyone on this device, and every
 * service worker cache that is not the public build (none other holds anything, but a cache is
 * never trusted to stay empty).
 */
export async function forgetDevice(): Promise<void> {
  forgotten = true;
  forgetPeopleStores(true);
  await sweepDevice();
  // A write already under way as the person signed out (a note's last keys, a list or titles
  // read that was answered just then) can make a database again after it was deleted: looked for
  // once more a moment later, unless someone has signed in since.
  setTimeout(() => {
    if (forgotten) void sweepDevice();
  }, SWEEP_AGAIN_MS);
}

/** When a sign-out looks again for anything kept of the person. */
const SWEEP_AGAIN_MS = 2_000;

async function sweepDevice(): Promise<void> {
  try {
    for (const key of Object.keys(localStorage)) {
      // The device's own settings (where checked items go, how many notes it keeps) are not the
      // person's: they stay.
      if (key.startsWith(LOCAL_DATABASE_PREFIX) && !DEVICE_SETTINGS.includes(key)) {
        localStorage.removeItem(key);
      }
    }
  } catch {
    // Storage refused: nothing was kept in it.
  }
  const databases = (await indexedDB.databases?.().catch(() => [])) ?? [];
  await Promise.all(
    databases
      .filter(({ name }) => name?.startsWith(LOCAL_DATABASE_PREFIX))
      .map(
        ({ name }) =>
          new Promise<void>((resolve) => {
            const request = indexedDB.deleteDatabase(name!);
            request.onsuccess = request.onerror = request.onblocked = () => resolve();
          }),
      ),
  );
  if ("caches" in window) {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => !cacheIsPublic(name)).map((n) => caches.delete(n)));
  }
}
