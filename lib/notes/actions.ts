"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";

import { failure, NO_SUCH_NOTE } from "@/lib/actions/failure";
import { userAction, type ActionContext } from "@/lib/actions/with-user";
import { folderFailure, NO_SUCH_FOLDER } from "@/lib/folders/tree";
import { removeNoteFiles, sweepOrphanFolders } from "@/lib/attachments/cleanup";
import { lastBatch, type TrashRound } from "@/lib/notes/empty-trash";
import { IDS_PER_REQUEST, isNoteId } from "@/lib/notes/limits";

export type NoteActionResult = { error?: string };

const noteId = z.string().refine(isNoteId);
/** A malformed id is a missing note, answered before asking the database. */
const aboutANote = { invalid: NO_SUCH_NOTE };

/**
 * Creates an empty note, in the folder the list shows when there is one, and opens it. RLS sets and
 * checks the owner; the database refuses a folder that is not the owner's.
 */
export const createNote = userAction(
  z.union([z.tuple([]), z.tuple([noteId.nullable()])]),
  async ([folder], { supabase }) => {
    const { data, error } = await supabase
      .from("notes")
      .insert({ folder_id: folder ?? null })
      .select("id")
      .single();
    if (error) return folderFailure("create a note", error) ?? failure("create a note", error);
    revalidatePath("/notes", "layout");
    redirect(`/notes/${data.id}`);
  },
  { invalid: NO_SUCH_FOLDER },
);

async function updateNote(
  { supabase }: ActionContext,
  id: string,
  change: { deleted_at?: string | null; pinned?: boolean },
  what: string,
): Promise<NoteActionResult> {
  const { data, error } = await supabase.from("notes").update(change).eq("id", id).select("id");
  if (error) return failure(what, error);
  if (data.length === 0) return { error: NO_SUCH_NOTE };
  revalidatePath("/notes", "layout");
  return {};
}

export const trashNote = userAction(
  z.tuple([noteId]),
  ([id], context) =>
    updateNote(context, id, { deleted_at: new Date().toISOString() }, "move the note to Trash"),
  aboutANote,
);

export const restoreNote = userAction(
  z.tuple([noteId]),
  ([id], context) => updateNote(context, id, { deleted_at: null }, "restore the note"),
  aboutANote,
);

export const setPinned = userAction(
  z.tuple([noteId, z.boolean()]),
  ([id, pinned], context) =>
    updateNote(context, id, { pinned }, pinned ? "pin the note" : "unpin the note"),
  aboutANote,
);

/**
 * Only notes already in Trash can be deleted for good, and their files go first: if removing them
 * fails the note stays in Trash, whole, and deleting it again picks up where this stopped.
 */
export const deleteForever = userAction(
  z.tuple([noteId]),
  ([id], context) => deleteTrashed(context, id, "delete the note"),
  aboutANote,
);

/**
 * Deletes one batch of the Trash; the browser asks again until `done`. A whole Trash in one
 * request could outlast a host's time limit and fail with no telling how much of it had gone.
 */
export const emptyTrash = userAction(z.tuple([]), (_none, context) =>
  deleteTrashed(context, null, "empty the Trash"),
);

/**
 * Deletes one trashed note (or, with no id, a batch of them) after their attachments: the files go
 * first, so a failure leaves whole notes in Trash to delete again. The most recently trashed go
 * first, as the Trash lists them, so what a failure leaves is the end of the list shown.
 */
async function deleteTrashed(
  { supabase, user }: ActionContext,
  id: string | null,
  what: string,
): Promise<TrashRound> {
  // Named by owner, as the Trash's list is: their index, not a read of every person's notes.
  let query = supabase
    .from("notes")
    .select("id")
    .eq("owner_id", user.id)
    .not("deleted_at", "is", null);
  if (id) query = query.eq("id", id);
  const trashed = await query
    .order("deleted_at", { ascending: false })
    .order("id", { ascending: false })
    .limit(IDS_PER_REQUEST);
  if (trashed.error) return failure(what, trashed.error);
  const ids = trashed.data.map((n) => n.id);
  if (ids.length === 0) {
    // Emptied from elsewhere meanwhile: the fresh list says so.
    revalidatePath("/notes", "layout");
    return { deleted: 0, done: true };
  }
  try {
    await removeNoteFiles(supabase, user.id, ids);
  } catch (err) {
    return failure(what, err);
  }
  const deleted = await supabase
    .from("notes")
    .delete()
    .in("id", ids)
    .not("deleted_at", "is", null)
    .select("id");
  if (deleted.error) return failure(what, deleted.error);
  const done = lastBatch(ids.length, deleted.data.length);
  // Trash that expired went with the scheduled job, which cannot reach Storage: emptying the
  // Trash also removes the files such notes left (a failure waits for next time).
  if (done && !id) {
    await sweepOrphanFolders(supabase, user.id).catch((err: Error) =>
      console.error("Removing expired notes' files failed:", err.message),
    );
  }
  // Pages are drawn again once, after the last round, not after each of a long Trash's rounds.
  if (done) revalidatePath("/notes", "layout");
  return { deleted: deleted.data.length, done };
}
