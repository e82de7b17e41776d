import { plainPreview } from "@/lib/notes/derive";
import type { Tables } from "@/lib/supabase/database.types";

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

/** As many characters as the view's `left(body, 400)`, so both paths make the same preview. */
export const LIST_BODY_CHARS = 400;

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
  const start = Array.from(row.body_start ?? row.body ?? "")
    .slice(0, LIST_BODY_CHARS)
    .join("");
  return {
    id: row.id ?? "",
    title: row.title ?? "",
    preview: plainPreview(start),
    pinned: row.pinned ?? false,
    updated_at: row.updated_at ?? new Date(0).toISOString(),
    deleted_at: row.deleted_at,
  };
}

type Ordered = Pick<NoteListItem, "id" | "pinned" | "updated_at" | "deleted_at">;

/** Pinned first, then the most recently edited. */
export function compareNotes(a: Ordered, b: Ordered): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  return Date.parse(b.updated_at) - Date.parse(a.updated_at);
}

/**
 * The list after one row changed (a Postgres change or this device's own action): trashed notes
 * leave it, others take their place in order.
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

/** A search snippet split at the database's match markers (U+E000 … U+E001). */
export function snippetParts(snippet: string): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  for (const [i, piece] of snippet.split(/[\uE000\uE001]/).entries()) {
    if (piece) parts.push({ text: piece, match: i % 2 === 1 });
  }
  return parts;
}

/** "3 minutes ago"-style wording for when a note was edited. */
export function editedAgo(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return "just now";
  const units: [number, Intl.RelativeTimeFormatUnit][] = [
    [60, "minute"],
    [3600, "hour"],
    [86400, "day"],
  ];
  const rtf = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
  if (seconds < 3600) return rtf.format(-Math.floor(seconds / 60), units[0][1]);
  if (seconds < 86400) return rtf.format(-Math.floor(seconds / 3600), units[1][1]);
  if (seconds < 7 * 86400) return rtf.format(-Math.floor(seconds / 86400), units[2][1]);
  return new Date(iso).toLocaleDateString("en", {
    month: "short",
    day: "numeric",
    year: "numeric",
  });
}
