import type { SupabaseClient } from "@supabase/supabase-js";

import type { CommentAnchor, ResolvedAnchor } from "@/lib/comments/anchor";
import type { Database } from "@/lib/supabase/database.types";

export type CommentRow = Database["public"]["Tables"]["note_comments"]["Row"];

/** A root comment with its replies, oldest first, and where its text is now. */
export interface Thread {
  root: CommentRow;
  replies: CommentRow[];
  at: ResolvedAnchor;
}

/** The most a comment may say; the database refuses longer ones with the same words. */
export const COMMENT_MAX = 5000;

const COLUMNS =
  "id, note_id, parent_id, author_id, body, anchor_start, anchor_end, quote, resolved_at, resolved_by, created_at, edited_at, mentions, mention_names";

export function anchorOf(row: CommentRow): CommentAnchor | null {
  return row.anchor_start && row.anchor_end
    ? { start: row.anchor_start, end: row.anchor_end }
    : null;
}

/**
 * Threads in the order their text comes in the note; those on deleted text after them, oldest
 * first. Replies whose thread is gone are not shown.
 */
export function threadsInOrder(
  rows: CommentRow[],
  where: (row: CommentRow) => ResolvedAnchor,
): Thread[] {
  const byCreated = [...rows].sort((a, b) => a.created_at.localeCompare(b.created_at));
  const threads = new Map<string, Thread>();
  for (const row of byCreated)
    if (!row.parent_id) threads.set(row.id, { root: row, replies: [], at: where(row) });
  for (const row of byCreated) if (row.parent_id) threads.get(row.parent_id)?.replies.push(row);
  const rank = (t: Thread) => (t.at.deleted ? Number.MAX_SAFE_INTEGER : t.at.from);
  return [...threads.values()].sort(
    (a, b) => rank(a) - rank(b) || a.root.created_at.localeCompare(b.root.created_at),
  );
}

type Client = SupabaseClient<Database>;
export type CommentResult = { ok: true } | { ok: false; message: string };

function outcome(error: { message: string } | null): CommentResult {
  return error ? { ok: false, message: error.message } : { ok: true };
}

export async function listComments(supabase: Client, noteId: string): Promise<CommentRow[]> {
  const { data, error } = await supabase
    .from("note_comments")
    .select(COLUMNS)
    .eq("note_id", noteId)
    .order("created_at");
  if (error) throw new Error(error.message);
  return data;
}

/**
 * A new thread on the text an anchor points at, quoting that text as it is now. `mentions` are the
 * ids of the people it @mentions (the database refuses anyone without access to the note).
 */
export async function startThread(
  supabase: Client,
  noteId: string,
  anchor: CommentAnchor,
  quote: string,
  body: string,
  mentions: string[] = [],
): Promise<CommentResult> {
  const { error } = await supabase.from("note_comments").insert({
    note_id: noteId,
    body: body.trim(),
    mentions,
    anchor_start: anchor.start,
    anchor_end: anchor.end,
    quote: quote.slice(0, 2000),
  });
  return outcome(error);
}

export async function reply(
  supabase: Client,
  noteId: string,
  rootId: string,
  body: string,
  mentions: string[] = [],
): Promise<CommentResult> {
  const { error } = await supabase
    .from("note_comments")
    .insert({ note_id: noteId, parent_id: rootId, body: body.trim(), mentions });
  return outcome(error);
}

export async function editComment(
  supabase: Client,
  id: string,
  body: string,
  mentions: string[] = [],
) {
  const { error } = await supabase
    .from("note_comments")
    .update({ body: body.trim(), mentions })
    .eq("id", id);
  return outcome(error);
}

export async function deleteComment(supabase: Client, id: string) {
  const { error } = await supabase.from("note_comments").delete().eq("id", id);
  return outcome(error);
}

/** Resolves or reopens a thread; the database records who did it and when. */
export async function setResolved(supabase: Client, rootId: string, resolved: boolean) {
  const { error } = await supabase
    .from("note_comments")
    .update({ resolved_at: resolved ? new Date().toISOString() : null })
    .eq("id", rootId);
  return outcome(error);
}
