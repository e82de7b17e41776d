import type { SupabaseClient } from "@supabase/supabase-js";

import { plainPreview } from "@/lib/notes/derive";
import type { Database, Tables } from "@/lib/supabase/database.types";

/** What the open note needs of a note; never the CRDT state. */
export type NoteSummary = Pick<
  Tables<"notes">,
  "id" | "title" | "body" | "pinned" | "updated_at" | "deleted_at"
>;

export const NOTE_SUMMARY_COLUMNS = "id, title, body, pinned, updated_at, deleted_at";

/** What the list shows of a note: a one-line preview instead of the whole body. */
export type NoteListItem = Omit<NoteSummary, "body"> & { preview: string };

/** The `note_list` view's columns; it cuts each body to LIST_BODY_CHARS characters. */
export const NOTE_LIST_COLUMNS = "id, title, body_start, pinned, updated_at, deleted_at";

/** As many characters as the view's `left(body, 160)`, so both paths make the same preview. */
export const LIST_BODY_CHARS = 160;

/**
 * How much of a preview the list sends: one line of the list shows about 30 characters beside the
 * open note and about 60 on a phone; each character more travels twice per note (in the HTML and
 * in the page's data), a hundred notes at a time.
 */
export const LIST_PREVIEW_CHARS = 64;

/** A list item from a row of the view (`body_start`) or of notes itself (a whole `body`). */
export function toListItem(row: {
  id: string | null;
  title: string | null;
  body_start?: string | null;
  body?: string | null;
  pinned: boolean | null;
  updated_at: string | null;
  deleted_at: string | null;
}): NoteListItem {
  const text = row.body_start ?? row.body ?? "";
  // Up to LIST_BODY_CHARS UTF-16 units are as many characters or fewer: most starts need no cut.
  const start =
    text.length <= LIST_BODY_CHARS
      ? text
      : Array.from(text.slice(0, 2 * LIST_BODY_CHARS))
          .slice(0, LIST_BODY_CHARS)
          .join("");
  return {
    id: row.id ?? "",
    title: row.title ?? "",
    preview: plainPreview(start, LIST_PREVIEW_CHARS),
    pinned: row.pinned ?? false,
    updated_at: row.updated_at ?? new Date(0).toISOString(),
    deleted_at: row.deleted_at,
  };
}

type Ordered = Pick<NoteListItem, "id" | "pinned" | "updated_at" | "deleted_at">;

/** Pinned first, then the most recently edited; the id settles ties, as the database's order does. */
export function compareNotes(a: Ordered, b: Ordered): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  const edited = Date.parse(b.updated_at) - Date.parse(a.updated_at);
  if (edited !== 0) return edited;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** How many notes the list shows at first, and adds each time more are asked for. */
export const NOTE_PAGE = 100;

/** A stretch of the list, and whether older notes come after it. */
export type NotesPage = { notes: NoteListItem[]; more: boolean };

/**
 * A listed note as the page's data carries it: no names repeated per note, no trashed-at; the id
 * as 22 base64url characters instead of a 36-character UUID and the last edit as microseconds
 * since 1970 (a number, so no quotes to escape; after the first, as microseconds before the
 * previous note's), wherever they come back exactly as they were.
 */
export type PackedNote = [
  id: string,
  title: string,
  preview: string,
  updatedAt: string | number,
  pin?: 1,
];

/**
 * The list's first page as the server hands it to the browser. It travels twice, as HTML and as
 * the page's data for hydration; packed, the data costs well under half as much as the objects.
 */
export type PackedNotesPage = { packed: PackedNote[]; more: boolean };

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SHORT_ID = /^[A-Za-z0-9_-]{22}$/;

const HEX = "0123456789abcdef";

/** Each base64url character's value, by its character code. */
const DIGIT_OF = new Int8Array(128).fill(-1);
for (let i = 0; i < BASE64URL.length; i++) DIGIT_OF[BASE64URL.charCodeAt(i)] = i;

/**
 * A lowercase UUID as 22 base64url characters (its 128 bits, 6 at a time); anything else as is.
 * Three hex digits are two characters; the last two digits (8 bits) are one character and two
 * bits, sent as the last character. A hundred ids per list page, so no per-digit work.
 */
export function packId(id: string): string {
  if (!UUID.test(id)) return id;
  const hex = id.slice(0, 8) + id.slice(9, 13) + id.slice(14, 18) + id.slice(19, 23) + id.slice(24);
  let out = "";
  for (let i = 0; i < 30; i += 3) {
    const twelve = parseInt(hex.slice(i, i + 3), 16);
    out += BASE64URL[twelve >> 6] + BASE64URL[twelve & 63];
  }
  const eight = parseInt(hex.slice(30), 16);
  return out + BASE64URL[eight >> 2] + BASE64URL[(eight & 3) << 4];
}

export function unpackId(id: string): string {
  if (!SHORT_ID.test(id)) return id;
  const digit = (i: number) => DIGIT_OF[id.charCodeAt(i)];
  let hex = "";
  for (let i = 0; i < 20; i += 2) {
    const twelve = (digit(i) << 6) | digit(i + 1);
    hex += HEX[twelve >> 8] + HEX[(twelve >> 4) & 15] + HEX[twelve & 15];
  }
  const eight = (digit(20) << 2) | (digit(21) >> 4);
  hex += HEX[eight >> 4] + HEX[eight & 15];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A timestamp as the database's API writes it (UTC, fractions without trailing zeros). */
const STAMP = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00:00$/;

/** From microseconds since 1970 to the database's API's way of writing the time. */
export function stampOf(micros: number): string {
  const seconds = Math.floor(micros / 1e6);
  const fraction = String(micros - seconds * 1e6)
    .padStart(6, "0")
    .replace(/0+$/, "");
  const whole = new Date(seconds * 1000).toISOString().slice(0, 19);
  return `${whole}${fraction ? `.${fraction}` : ""}+00:00`;
}

/** The time as microseconds since 1970 when that writes back to the same string; else the string. */
export function packStamp(stamp: string): string | number {
  const match = STAMP.exec(stamp);
  if (!match) return stamp;
  const seconds = Date.parse(`${match[1]}Z`) / 1000;
  const micros = seconds * 1e6 + Number((match[2] ?? "").padEnd(6, "0"));
  return Number.isSafeInteger(micros) && stampOf(micros) === stamp ? micros : stamp;
}

export function packNotesPage({ notes, more }: NotesPage): PackedNotesPage {
  // Each time after the first is how much earlier it is than the one before: a shorter number.
  let previous: number | null = null;
  return {
    packed: notes.map((n) => {
      const stamp = packStamp(n.updated_at);
      let sent = stamp;
      if (typeof stamp === "number") {
        if (previous !== null) sent = previous - stamp;
        previous = stamp;
      }
      const row: PackedNote = [packId(n.id), n.title, n.preview, sent];
      if (n.pinned) row.push(1);
      return row;
    }),
    more,
  };
}

export function unpackNotesPage({ packed, more }: PackedNotesPage): NotesPage {
  let previous: number | null = null;
  return {
    notes: packed.map(([id, title, preview, sent, pin]) => {
      let updated_at: string;
      if (typeof sent === "number") {
        const micros: number = previous === null ? sent : previous - sent;
        previous = micros;
        updated_at = stampOf(micros);
      } else updated_at = sent;
      return { id: unpackId(id), title, preview, pinned: pin === 1, updated_at, deleted_at: null };
    }),
    more,
  };
}

/**
 * A PostgREST `or` filter for the notes that come after `last` in the list's order (pinned, then
 * edited, then id, all descending): the next page starts there however the list moved meanwhile.
 */
export function notesAfter(last: Pick<NoteListItem, "id" | "pinned" | "updated_at">): string {
  const at = `"${last.updated_at}"`;
  const same = `pinned.eq.${last.pinned}`;
  return [
    ...(last.pinned ? ["pinned.eq.false"] : []),
    `and(${same},updated_at.lt.${at})`,
    `and(${same},updated_at.eq.${at},id.lt.${last.id})`,
  ].join(",");
}

/**
 * One page of the signed-in person's notes as the list shows them, from the start or after the
 * note given. The server reads the first page for the HTML; the browser reads the rest on demand.
 *
 * Every read of the list names its owner (`ownerId`, the signed-in person), though the view and
 * RLS already keep it to them: their rules (own notes, or notes shared with them) cannot use an
 * index, so without it the database reads every person's notes to find one page of theirs. With
 * it, it reads the page from `notes_owner_list_idx` (or the Trash's index).
 */
export async function fetchNotesPage(
  supabase: SupabaseClient<Database>,
  ownerId: string,
  after: NoteListItem | null,
  folder: string | null = null,
): Promise<NotesPage> {
  let query = supabase
    .from("note_list")
    .select(NOTE_LIST_COLUMNS)
    .eq("owner_id", ownerId)
    .is("deleted_at", null);
  if (folder) query = query.eq("folder_id", folder);
  if (after) query = query.or(notesAfter(after));
  const { data, error } = await query
    .order("pinned", { ascending: false })
    .order("updated_at", { ascending: false })
    .order("id", { ascending: false })
    .limit(NOTE_PAGE + 1);
  if (error) throw new Error(`Listing notes failed: ${error.message}`);
  const notes = data.map(toListItem);
  return { notes: notes.slice(0, NOTE_PAGE), more: notes.length > NOTE_PAGE };
}

/** What tells one version of a listed note from another: its place (pinned) and its last edit. */
type Version = Pick<NoteListItem, "id" | "pinned" | "updated_at">;

/**
 * Whether the server's first page differs from the start of the list shown: a note added,
 * trashed, pinned or edited since the list was read. Only ids and versions travel, so checking
 * costs a few kilobytes; the previews are read again only when something moved.
 */
export async function firstPageMoved(
  supabase: SupabaseClient<Database>,
  ownerId: string,
  shown: Version[],
  folder: string | null = null,
): Promise<boolean> {
  let query = supabase
    .from("note_list")
    .select("id, pinned, updated_at")
    .eq("owner_id", ownerId)
    .is("deleted_at", null);
  if (folder) query = query.eq("folder_id", folder);
  const { data, error } = await query
    .order("pinned", { ascending: false })
    .order("updated_at", { ascending: false })
    .order("id", { ascending: false })
    .limit(NOTE_PAGE);
  if (error) throw new Error(`Checking the notes list failed: ${error.message}`);
  return !sameVersions(data, shown);
}

/** The server's first page (at most NOTE_PAGE rows) against the start of the list shown. */
export function sameVersions(
  server: { id: string | null; pinned: boolean | null; updated_at: string | null }[],
  shown: Version[],
): boolean {
  // A short page is the whole list: the list shown may not go on past it.
  if (server.length < NOTE_PAGE ? shown.length !== server.length : shown.length < NOTE_PAGE) {
    return false;
  }
  return server.every((row, i) => {
    const mine = shown[i];
    return (
      mine.id === row.id &&
      mine.pinned === (row.pinned ?? false) &&
      Date.parse(mine.updated_at) === Date.parse(row.updated_at ?? "")
    );
  });
}

/** A stretch of the Trash, most recently trashed first; the first page also says how many it holds. */
export type TrashPage = NotesPage & { total?: number };

/** What the Trash shows of a note: its title and when it was trashed; no preview. */
const TRASH_COLUMNS = "id, title, pinned, updated_at, deleted_at";

/** Most recently trashed first; the id settles ties, as the database's order does. */
export function compareTrashed(
  a: Pick<NoteListItem, "id" | "deleted_at">,
  b: Pick<NoteListItem, "id" | "deleted_at">,
): number {
  const trashed = Date.parse(b.deleted_at ?? "") - Date.parse(a.deleted_at ?? "");
  if (trashed !== 0) return trashed;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** A PostgREST `or` filter for the trashed notes that come after `last` (trashed, id: descending). */
export function trashedAfter(last: Pick<NoteListItem, "id" | "deleted_at">): string {
  const at = `"${last.deleted_at}"`;
  return `deleted_at.lt.${at},and(deleted_at.eq.${at},id.lt.${last.id})`;
}

/** One page of the signed-in person's Trash, from the start or after the note given. */
export async function fetchTrashPage(
  supabase: SupabaseClient<Database>,
  ownerId: string,
  after: NoteListItem | null,
): Promise<TrashPage> {
  let query = supabase
    .from("note_list")
    .select(TRASH_COLUMNS, after ? {} : { count: "exact" })
    .eq("owner_id", ownerId)
    .not("deleted_at", "is", null);
  if (after) query = query.or(trashedAfter(after));
  const { data, error, count } = await query
    .order("deleted_at", { ascending: false })
    .order("id", { ascending: false })
    .limit(NOTE_PAGE + 1);
  if (error) throw new Error(`Listing the trash failed: ${error.message}`);
  const notes = data.map(toListItem);
  const page = { notes: notes.slice(0, NOTE_PAGE), more: notes.length > NOTE_PAGE };
  return count === null ? page : { ...page, total: count };
}

/** The list with a page of older notes added; a note the list already has keeps its entry. */
export function withPage<T extends Ordered>(
  notes: T[],
  page: T[],
  compare: (a: T, b: T) => number = compareNotes,
): T[] {
  const listed = new Set(notes.map((n) => n.id));
  return [...notes, ...page.filter((n) => !listed.has(n.id))].sort(compare);
}

/**
 * The list after one note changed (a change the database told, or this device's own action):
 * trashed notes leave it, others take their place in order.
 */
export function applyNoteChange<T extends Ordered>(
  notes: T[],
  change: { type: "upsert"; note: T } | { type: "delete"; id: string },
): T[] {
  const id = change.type === "delete" ? change.id : change.note.id;
  const rest = notes.filter((n) => n.id !== id);
  if (change.type === "delete" || change.note.deleted_at) return rest;
  return [...rest, change.note].sort(compareNotes);
}

export type ListState = {
  from: NotesPage;
  notes: NoteListItem[];
  more: boolean;
  /** The last note of the last page read: the next page starts after it. */
  cursor: NoteListItem | null;
};

/** The list for a server page; older pages this device had loaded stay under it. */
export function listFromServer(
  page: NotesPage,
  previous?: ListState,
  compare: (a: NoteListItem, b: NoteListItem) => number = compareNotes,
): ListState {
  const last = page.notes.at(-1) ?? null;
  const beyond = previous?.cursor && last && compare(previous.cursor, last) > 0;
  if (!page.more || !previous || !beyond) {
    return { from: page, notes: page.notes, more: page.more, cursor: last };
  }
  const older = previous.notes.filter((n) => compare(n, last) > 0);
  return {
    from: page,
    notes: withPage(page.notes, older, compare),
    more: previous.more,
    cursor: previous.cursor,
  };
}

/** A search snippet split at the database's match markers (U+E000 … U+E001). */
export function snippetParts(snippet: string): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  for (const [i, piece] of snippet.split(/[\uE000\uE001]/).entries()) {
    if (piece) parts.push({ text: piece, match: i % 2 === 1 });
  }
  return parts;
}

// Made once: building a formatter costs more than formatting, and a list formats a hundred dates.
let dated: Intl.DateTimeFormat | undefined;

/** "5 minutes ago": English's own wording, as Intl.RelativeTimeFormat("en") words it. */
const ago = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"} ago`;

/**
 * "3 minutes ago"-style wording for when a note was edited. Worded here rather than by
 * Intl.RelativeTimeFormat, whose first use loads its locale data (about 10 ms on the main thread),
 * in the frame that first draws a list: the installed app's, with no network, among them.
 */
export function editedAgo(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return "just now";
  if (seconds < 3600) return ago(Math.floor(seconds / 60), "minute");
  if (seconds < 86400) return ago(Math.floor(seconds / 3600), "hour");
  const days = Math.floor(seconds / 86400);
  if (days < 7) return days === 1 ? "yesterday" : ago(days, "day");
  dated ??= new Intl.DateTimeFormat("en", { month: "short", day: "numeric", year: "numeric" });
  return dated.format(new Date(iso));
}
