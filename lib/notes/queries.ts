import "server-only";

import { cache } from "react";

import { isNoteId } from "@/lib/notes/limits";
import {
  fetchNotesPage,
  fetchTrashPage,
  NOTE_SUMMARY_COLUMNS,
  packNotesPage,
  type PackedNotesPage,
  type NoteSummary,
  type TrashPage,
} from "@/lib/notes/list";
import { getClaims, readClient } from "@/lib/supabase/server";
import { isAccess, type Access } from "@/lib/sharing/roles";

/**
 * The first page of the signed-in person's notes, pinned first, as the list shows them (a
 * preview, not the body). With a folder, only its notes. A page view only reads: expired trash goes
 * with a scheduled job (supabase/migrations/20261126130000_purge_expired_trash_on_schedule.sql).
 */
export const listNotes = cache(async (folder: string | null = null): Promise<PackedNotesPage> => {
  const [supabase, owner] = await Promise.all([readClient(), signedIn()]);
  return packNotesPage(await fetchNotesPage(supabase, owner, null, folder));
});

/** The signed-in person's id; the pages that list notes have already sent anyone else away. */
async function signedIn(): Promise<string> {
  const claims = await getClaims();
  if (!claims?.sub) throw new Error("Listing notes needs a signed-in person.");
  return claims.sub;
}

/** A note with its sharing, in one read: the open note's page needs both. */
const readNote = cache(async (id: string) => {
  if (!isNoteId(id)) return null;
  const supabase = await readClient();
  const { data, error } = await supabase
    .from("notes")
    .select(`${NOTE_SUMMARY_COLUMNS}, share_slug, share_indexable, owner_id`)
    .eq("id", id)
    .maybeSingle();
  if (error) throw new Error(`Reading a note failed: ${error.message}`);
  return data;
});

/** One note of the signed-in person, or null for a missing id, a foreign note or a bad id. */
export const getNote = cache(async (id: string): Promise<NoteSummary | null> => {
  const row = await readNote(id);
  if (!row) return null;
  const { id: noteId, title, body, pinned, updated_at, deleted_at } = row;
  return { id: noteId, title, body, pinned, updated_at, deleted_at };
});

/** The first page of the signed-in person's Trash, and how many notes it holds. */
export async function listTrash(): Promise<TrashPage> {
  const [supabase, owner] = await Promise.all([readClient(), signedIn()]);
  return fetchTrashPage(supabase, owner, null);
}

/** Whether the signed-in person's note is shared, and at which link. */
export async function getNoteShare(
  id: string,
): Promise<{ slug: string | null; indexable: boolean; ownerId: string } | null> {
  const row = await readNote(id);
  return row && { slug: row.share_slug, indexable: row.share_indexable, ownerId: row.owner_id };
}

/** The signed-in person's role on a note: owner, editor, commenter, viewer, or null without access. */
export const getNoteRole = cache(async (id: string): Promise<Access | null> => {
  if (!isNoteId(id)) return null;
  const supabase = await readClient();
  const { data, error } = await supabase.rpc("note_role", { note_id: id });
  if (error) throw new Error(`Reading a note's access failed: ${error.message}`);
  return isAccess(data) ? data : null;
});

/** The notes other people share with the signed-in person, newest first. */
export async function listSharedWithMe() {
  const supabase = await readClient();
  const { data, error } = await supabase.rpc("shared_with_me");
  if (error) throw new Error(`Listing shared notes failed: ${error.message}`);
  return data;
}

/** The folders shared with the signed-in person: name, role, who shares it, how many notes. */
export async function listSharedFolders() {
  const supabase = await readClient();
  const { data, error } = await supabase.rpc("shared_folders");
  if (error) throw new Error(`Listing shared folders failed: ${error.message}`);
  return data;
}
