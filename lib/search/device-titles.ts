import type { SupabaseClient } from "@supabase/supabase-js";

import { oneStore } from "@/lib/local-db/one-store";
import { toListItem } from "@/lib/notes/list";
import type { Database } from "@/lib/supabase/database.types";
import { keptOver, TitleIndex, type DeviceTitle, type TitleHit } from "@/lib/search/title-index";
import { isRole } from "@/lib/sharing/roles";

export type { DeviceTitle } from "@/lib/search/title-index";

/**
 * Every note of this person that this device knows of (its title, the start of its text as the
 * list shows it, last edit, folder, pin and tags; for a note shared with them, their role and its
 * owner), so that any of them can be found by title, and listed by folder and tag, with
 * the network down. Kept in an IndexedDB database of its own (`groundwork:<user>:titles`, deleted
 * at sign-out with the others) and in memory while a page uses it. Brought up to date when the
 * palette opens and a few seconds after a notes page's live changes begin to flow
 * (`keepWholeListSoon`): the whole list when it was last read more than ten minutes ago (their own
 * notes in pages of 1,000 ids in order, and the newest 500 shared with them), in between only their
 * own notes edited since the newest one kept. Search answers and the list's live changes keep it
 * fresh.
 */

const STORE = "titles";
const FULL_EVERY_MS = 10 * 60 * 1000;
const PAGE = 1000;
/** Far more notes than anyone keeps; stops a runaway read. */
const MAX_PAGES = 100;

const loaded = new Map<string, Promise<TitleIndex>>();
const ready = new Map<string, TitleIndex>();

const databaseName = (userId: string) => `groundwork:${userId}:titles`;
/** Where the titles were kept before they moved to IndexedDB (at most the 1,000 newest). */
const legacyKey = (userId: string) => `groundwork:${userId}:note-titles`;
const fullReadKey = (userId: string) => `groundwork:${userId}:titles-read-at`;

const titlesStore = (userId: string) => oneStore(databaseName(userId), STORE, { keyPath: "id" });

async function write(userId: string, act: (store: IDBObjectStore) => void): Promise<void> {
  if (typeof indexedDB === "undefined") return;
  await titlesStore(userId).run("readwrite", act);
}

async function readAll(userId: string): Promise<DeviceTitle[]> {
  if (typeof indexedDB === "undefined") return [];
  return (await titlesStore(userId).run("readonly", (store) => store.getAll())) as DeviceTitle[];
}

function readLegacy(userId: string): DeviceTitle[] {
  try {
    const stored = JSON.parse(localStorage.getItem(legacyKey(userId)) ?? "[]") as unknown;
    return Array.isArray(stored)
      ? stored.filter(
          (t): t is DeviceTitle =>
            typeof t === "object" &&
            t !== null &&
            typeof t.id === "string" &&
            typeof t.title === "string" &&
            typeof t.updated_at === "string",
        )
      : [];
  } catch {
    return [];
  }
}

/** The titles kept on this device, read once per page. */
export function loadDeviceTitles(userId: string): Promise<TitleIndex> {
  let promise = loaded.get(userId);
  if (!promise) {
    promise = (async () => {
      const index = new TitleIndex();
      try {
        index.put(await readAll(userId));
      } catch {
        // No IndexedDB (private window): titles live in memory for this page.
      }
      const legacy = readLegacy(userId);
      if (legacy.length > 0) {
        const moved = index.put(legacy);
        try {
          await write(userId, (store) => moved.forEach((t) => store.put(t)));
          localStorage.removeItem(legacyKey(userId));
        } catch {
          // Kept where they were; moved next time.
        }
      }
      ready.set(userId, index);
      revision++;
      return index;
    })();
    loaded.set(userId, promise);
  }
  return promise;
}

/**
 * Every note kept on this device as stored, without building the search index: for the app opened
 * with no network to list them. None where the device keeps none or cannot be read.
 */
export async function readKeptTitles(userId: string): Promise<DeviceTitle[]> {
  try {
    return await readAll(userId);
  } catch {
    return [];
  }
}

/** The kept title of one note, once the titles are loaded. */
export function keptTitle(userId: string, id: string): string | undefined {
  return ready.get(userId)?.get(id)?.title;
}

/** Adds or updates titles seen in an answer (a search, the list's live changes). */
export async function keepTitles(userId: string, seen: DeviceTitle[]): Promise<void> {
  if (seen.length === 0) return;
  // Not loaded in this page (the palette was not opened): stored without reading them all, each
  // over its kept copy (a live change tells no tags: those kept stay).
  if (!loaded.has(userId))
    return write(userId, (store) =>
      seen.forEach((t) => {
        const had = store.get(t.id);
        had.onsuccess = () => {
          const next = keptOver(had.result as DeviceTitle | undefined, t);
          if (next) store.put(next);
        };
      }),
    );
  const index = await loadDeviceTitles(userId);
  const changed = index.put(seen);
  if (changed.length > 0) {
    revision++;
    await write(userId, (store) => changed.forEach((t) => store.put(t)));
  }
}

/** A note gone to Trash or deleted: no longer offered. */
export async function dropTitle(userId: string, id: string): Promise<void> {
  if (!loaded.has(userId)) return write(userId, (store) => store.delete(id));
  const index = await loadDeviceTitles(userId);
  if (index.remove(id)) {
    revision++;
    await write(userId, (store) => store.delete(id));
  }
}

let revision = 0;

/** Moves on whenever the titles kept in this page change, to match a typed query again. */
export function titlesRevision(): number {
  return revision;
}

type Client = SupabaseClient<Database>;

/**
 * What the device keeps of each of the person's own notes, read from the list's view: the start of
 * the text as the list cuts it (`body_start`), for its preview, never the whole text.
 */
const OWN_COLUMNS = "id, title, updated_at, folder_id, pinned, body_start, note_tags(tag)";

/**
 * The tags embedded through the view: PostgREST finds note_tags' key to notes through note_list's
 * `id`, which the generated types do not describe (they list keys between tables only).
 */
type TagsThroughView = { note_tags: { tag: string }[] }[];

type OwnRow = {
  id: string | null;
  title: string | null;
  updated_at: string | null;
  folder_id: string | null;
  pinned: boolean | null;
  body_start: string | null;
  note_tags: { tag: string }[];
};

/** One of the person's own notes as kept, with the preview the list would show. */
const ownTitle = (row: OwnRow): DeviceTitle => {
  const { id, title, updated_at, preview } = toListItem({ ...row, deleted_at: null });
  return {
    id,
    title,
    updated_at,
    preview,
    folder_id: row.folder_id,
    pinned: row.pinned ?? false,
    tags: row.note_tags.map((t) => t.tag).sort(),
  };
};

type SharedRow = Database["public"]["Functions"]["shared_with_me"]["Returns"][number];

/**
 * A note shared with the person, as kept: its id, title, preview, last edit, the person's role on
 * it and whose it is (never its owner's tags and folders).
 */
const sharedTitle = (row: SharedRow): DeviceTitle => ({
  id: row.id,
  title: row.title,
  updated_at: row.updated_at,
  preview: toListItem({ ...row, pinned: false, deleted_at: null }).preview,
  shared: true,
  ...(isRole(row.role) ? { role: row.role } : {}),
  owner: row.owner_name,
  owner_id: row.owner_id,
});

/**
 * Every note the person can open, by title: their own (pages of PAGE ids in order, found through
 * their own notes' index) and the newest 500 shared with them. Null when a read fails.
 */
export async function readEveryTitle(
  supabase: Client,
  userId: string,
): Promise<DeviceTitle[] | null> {
  const all: DeviceTitle[] = [];
  let after: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    let request = supabase
      .from("note_list")
      .select(OWN_COLUMNS)
      .eq("owner_id", userId)
      .is("deleted_at", null)
      .order("id")
      .limit(PAGE);
    if (after) request = request.gt("id", after);
    const { data, error } = await request.overrideTypes<TagsThroughView>();
    if (error || !data) return null;
    all.push(...data.map(ownTitle));
    if (data.length < PAGE) {
      const shared = await supabase.rpc("shared_with_me");
      if (shared.error || !shared.data) return null;
      return [...all, ...shared.data.map(sharedTitle)];
    }
    after = data[data.length - 1].id ?? null;
  }
  return all;
}

/**
 * The person's own notes edited, moved to Trash or restored since `since` (the trashed ones to drop
 * them), at most a page; null when the read fails. Shared notes come with the full read.
 */
export async function readTitlesSince(
  supabase: Client,
  userId: string,
  since: string,
): Promise<{ kept: DeviceTitle[]; gone: string[]; whole: boolean } | null> {
  const { data, error } = await supabase
    .from("note_list")
    .select(`${OWN_COLUMNS}, deleted_at`)
    .eq("owner_id", userId)
    // Moving a note to Trash or back keeps its last edit time: the move's own time finds it.
    .or(`updated_at.gte."${since}",trash_changed_at.gte."${since}"`)
    .order("updated_at")
    .limit(PAGE)
    .overrideTypes<TagsThroughView>();
  if (error || !data) return null;
  return {
    kept: data.filter((r) => !r.deleted_at).map(ownTitle),
    gone: data.flatMap((r) => (r.deleted_at && r.id ? [r.id] : [])),
    whole: data.length < PAGE,
  };
}

/**
 * Brings the kept titles up to date with the server: every note's title when they were last read
 * more than ten minutes ago (or never), else only the person's notes edited since the newest kept.
 * Every read names the person, so the database finds their notes through their own indexes
 * rather than reading every person's notes under RLS.
 */
export async function refreshDeviceTitles(supabase: Client, userId: string): Promise<void> {
  const index = await loadDeviceTitles(userId);
  let readAt = 0;
  try {
    readAt = Number(localStorage.getItem(fullReadKey(userId)) ?? 0);
  } catch {
    // Unknown: read everything.
  }
  const since = index.newest();
  if (since && Date.now() - readAt < FULL_EVERY_MS) {
    const changed = await readTitlesSince(supabase, userId, since);
    if (changed?.whole) {
      for (const id of changed.gone) await dropTitle(userId, id);
      await keepTitles(userId, changed.kept);
      return;
    }
  }
  const every = await readEveryTitle(supabase, userId);
  if (!every) return;
  index.replace(every);
  revision++;
  await write(userId, (store) => {
    store.clear();
    every.forEach((t) => store.put(t));
  });
  try {
    localStorage.setItem(fullReadKey(userId), String(Date.now()));
  } catch {
    // Read again next time.
  }
}

/** When this page last brought each person's kept notes up to date (ms), or began to. */
const keptAt = new Map<string, number>();
/** After the notes page has settled: its first screen and its typing come first. */
const SETTLE_MS = 3_000;
/** A page rejoining often (a flaky network) asks at most this often. */
const KEEP_EVERY_MS = 60_000;

/**
 * Every note of the person kept on this device (title, preview, last edit, folder, pin and tags;
 * never the whole text), so the app opened with no network lists, files and finds all of them, not
 * only the list pages seen here: brought up to date a few seconds after the notes page's live changes begin to
 * flow (and after each rejoin, at most once a minute), when the browser is idle. What changed while
 * the page was away is read then; the live changes keep it current in between.
 */
export function keepWholeListSoon(supabase: Client, userId: string): void {
  const last = keptAt.get(userId);
  if (last !== undefined && Date.now() - last < KEEP_EVERY_MS) return;
  keptAt.set(userId, Date.now());
  setTimeout(() => {
    const read = () => {
      if (navigator.onLine) void refreshDeviceTitles(supabase, userId).catch(() => {});
    };
    if (typeof window.requestIdleCallback !== "function") return read();
    window.requestIdleCallback(read, { timeout: 5_000 });
  }, SETTLE_MS);
}

/** Titles on this device that match `query` fuzzily, best first (empty until loaded). */
export function searchDeviceTitles(userId: string, query: string, limit = 20): TitleHit[] {
  return ready.get(userId)?.search(query, limit) ?? [];
}
