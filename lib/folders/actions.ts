"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";

import { failure, NO_SUCH_NOTE, type Failure } from "@/lib/actions/failure";
import { userAction } from "@/lib/actions/with-user";
import { FOLDER_NAME_MAX, NO_SUCH_FOLDER, folderFailure } from "@/lib/folders/tree";
import { isNoteId } from "@/lib/notes/limits";

export type FolderActionResult = { error?: string; id?: string };

const folderId = z.string().refine(isNoteId);
const maybeFolder = folderId.nullable();
const name = z.string().trim().min(1).max(FOLDER_NAME_MAX);
const aboutAFolder = { invalid: NO_SUCH_FOLDER };

function done(): FolderActionResult {
  revalidatePath("/notes", "layout");
  return {};
}

/** A new folder at the top or inside another, placed last among its siblings. */
export const createFolder = userAction(
  z.tuple([name, maybeFolder]),
  async ([folderName, parentId], { supabase }): Promise<FolderActionResult> => {
    let place = supabase.from("folders").select("position").order("position", { ascending: false });
    place = parentId ? place.eq("parent_id", parentId) : place.is("parent_id", null);
    const last = await place.limit(1).maybeSingle();
    const { data, error } = await supabase
      .from("folders")
      .insert({ name: folderName, parent_id: parentId, position: (last.data?.position ?? 0) + 1 })
      .select("id")
      .single();
    if (error)
      return folderFailure("create the folder", error) ?? failure("create the folder", error);
    revalidatePath("/notes", "layout");
    return { id: data.id };
  },
  { invalid: "A folder needs a name of at most 100 characters." },
);

export const renameFolder = userAction(
  z.tuple([folderId, name]),
  async ([id, folderName], { supabase }): Promise<FolderActionResult> => {
    const { data, error } = await supabase
      .from("folders")
      .update({ name: folderName })
      .eq("id", id)
      .select("id");
    if (error)
      return folderFailure("rename the folder", error) ?? failure("rename the folder", error);
    if (data.length === 0) return { error: NO_SUCH_FOLDER };
    return done();
  },
  { invalid: "A folder needs a name of at most 100 characters." },
);

/** Into another folder (or the top, null), before a sibling (or last, null). */
export const moveFolder = userAction(
  z.tuple([folderId, maybeFolder, maybeFolder]),
  async ([id, parentId, beforeId], { supabase }): Promise<FolderActionResult> => {
    const { error } = await supabase.rpc("move_folder", {
      folder_id: id,
      new_parent_id: parentId as string,
      before_id: beforeId as string,
    });
    if (error) return folderFailure("move the folder", error) ?? failure("move the folder", error);
    return done();
  },
  aboutAFolder,
);

/** The person chose: the notes move up one level ("parent") or go to Trash with it ("trash"). */
export const deleteFolder = userAction(
  z.tuple([folderId, z.enum(["parent", "trash"])]),
  async ([id, contents], { supabase }): Promise<FolderActionResult> => {
    const { error } = await supabase.rpc("delete_folder", { folder_id: id, contents });
    if (error)
      return folderFailure("delete the folder", error) ?? failure("delete the folder", error);
    return done();
  },
  aboutAFolder,
);

/** Files a note in a folder, or in none (null: only "All notes"). */
export const moveNoteToFolder = userAction(
  z.tuple([z.string().refine(isNoteId), maybeFolder]),
  async ([noteId, target], { supabase }): Promise<FolderActionResult | Failure> => {
    const { data, error } = await supabase
      .from("notes")
      .update({ folder_id: target })
      .eq("id", noteId)
      .select("id");
    if (error) return folderFailure("move the note", error) ?? failure("move the note", error);
    if (data.length === 0) return { error: NO_SUCH_NOTE };
    return done();
  },
  { invalid: NO_SUCH_NOTE },
);
