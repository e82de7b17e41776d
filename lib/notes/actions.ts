"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";

import { removeNoteFiles } from "@/lib/attachments/cleanup";
import { lastBatch, type TrashRound } from "@/lib/notes/empty-trash";
import { IDS_PER_REQUEST, isNoteId } from "@/lib/notes/limits";
import { createClient, getClaims } from "@/lib/supabase/server";

export type NoteActionResult = { error?: string };

function failed(what: string, message: string): NoteActionResult {
  console.error(`${what} failed (/notes):`, message);
  return { error: `Couldn't ${what}. Check your connection and try again.` };
}

/** Creates an empty note and opens it. RLS sets and checks the owner. */
export async function createNote(): Promise<NoteActionResult> {
  const supabase = await createClient();
  const { data, error } = await supabase.from("notes").insert({}).select("id").single();
  if (error) return failed("create a note", error.message);
  revalidatePath("/notes", "layout");
  redirect(`/notes/${data.id}`);
}

async function updateNote(
  id: string,
  change: { deleted_at?: string | null; pinned?: boolean },
  what: string,
): Promise<NoteActionResult> {
  if (!isNoteId(id)) return { error: "That note doesn't exist." };
  const supabase = await createClient();
  const { data, error } = await supabase.from("notes").update(change).eq("id", id).select("id");
  if (error) return failed(what, error.message);
  if (data.length === 0) return { error: "That note doesn't exist." };
  revalidatePath("/notes", "layout");
  return {};
}

export async function trashNote(id: string) {
  return updateNote(id, { deleted_at: new Date().toISOString() }, "move the note to Trash");
}

export async function restoreNote(id: string) {
  return updateNote(id, { deleted_at: null }, "restore the note");
}

export async function setPinned(id: string, pinned: boolean) {
  return updateNote(id, { pinned }, pinned ? "pin the note" : "unpin the note");
}

/**
 * Only notes already in Trash can be deleted for good, and their files go first: if removing them
 * fails the note stays in Trash, whole, and deleting it again picks up where this stopped.
 */
export async function deleteForever(id: string): Promise<NoteActionResult> {
  if (!isNoteId(id)) return { error: "That note doesn't exist." };
  return deleteTrashed(id, "delete the note");
}

/**
 * Deletes one batch of the Trash; the browser asks again until `done`. A whole Trash in one
 * request could outlast a host's time limit and fail with no telling how much of it had gone.
 */
export async function emptyTrash(): Promise<TrashRound> {
  return deleteTrashed(null, "empty the Trash");
}

/**
 * Deletes one trashed note (or, with no id, a batch of them) after their attachments: the files go
 * first, so a failure leaves whole notes in Trash to delete again. The most recently trashed go
 * first, as the Trash lists them, so what a failure leaves is the end of the list shown.
 */
async function deleteTrashed(id: string | null, what: string): Promise<TrashRound> {
  const supabase = await createClient();
  const claims = await getClaims();
  if (!claims?.sub) return { error: "Your session has ended. Sign in again." };
  let query = supabase.from("notes").select("id").not("deleted_at", "is", null);
  if (id) query = query.eq("id", id);
  const trashed = await query
    .order("deleted_at", { ascending: false })
    .order("id", { ascending: false })
    .limit(IDS_PER_REQUEST);
  if (trashed.error) return failed(what, trashed.error.message);
  const ids = trashed.data.map((n) => n.id);
  if (ids.length === 0) {
    // Emptied from elsewhere meanwhile: the fresh list says so.
    revalidatePath("/notes", "layout");
    return { deleted: 0, done: true };
  }
  try {
    await removeNoteFiles(supabase, claims.sub, ids);
  } catch (err) {
    return failed(what, (err as Error).message);
  }
  const deleted = await supabase
    .from("notes")
    .delete()
    .in("id", ids)
    .not("deleted_at", "is", null)
    .select("id");
  if (deleted.error) return failed(what, deleted.error.message);
  const done = lastBatch(ids.length, deleted.data.length);
  // Pages are drawn again once, after the last round, not after each of a long Trash's rounds.
  if (done) revalidatePath("/notes", "layout");
  return { deleted: deleted.data.length, done };
}
