import "server-only";

import { cache } from "react";

import { sweepOrphanFolders } from "@/lib/attachments/cleanup";
import { isNoteId } from "@/lib/notes/limits";
import {
  fetchNotesPage,
  fetchTrashPage,
  NOTE_SUMMARY_COLUMNS,
  type NotesPage,
  type NoteSummary,
  type TrashPage,
} from "@/lib/notes/list";
import { createClient } from "@/lib/supabase/server";

/**
 * Empties expired trash. The database removes the notes; their files are Storage's to remove, so
 * when any note went, the folders left without a note are swept too (a failure waits for next time).
 */
async function purgeExpiredTrash(supabase: Awaited<ReturnType<typeof createClient>>) {
  const purged = await supabase.rpc("purge_expired_trash");
  if (purged.error) console.error("Emptying expired trash failed:", purged.error.message);
  if (!purged.data) return;
  const { data } = await supabase.auth.getClaims();
  if (!data?.claims.sub) return;
  await sweepOrphanFolders(supabase, data.claims.sub).catch((err: Error) =>
    console.error("Removing expired notes' files failed:", err.message),
  );
}

/**
 * The first page of the signed-in person's notes, pinned first, as the list shows them (a
 * preview, not the body). Expired trash is emptied alongside: the list holds no trashed note, so
 * the page need not wait for one round trip before the other. With a folder, only its notes.
 */
export const listNotes = cache(async (folder: string | null = null): Promise<NotesPage> => {
  const supabase = await createClient();
  const [page] = await Promise.all([
    fetchNotesPage(supabase, null, folder),
    purgeExpiredTrash(supabase),
  ]);
  return page;
});

/** A note with its sharing, in one read: the open note's page needs both. */
const readNote = cache(async (id: string) => {
  if (!isNoteId(id)) return null;
  const supabase = await createClient();
  const { data, error } = await supabase
    .from("notes")
    .select(`${NOTE_SUMMARY_COLUMNS}, share_slug, share_indexable`)
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
  const supabase = await createClient();
  await purgeExpiredTrash(supabase);
  return fetchTrashPage(supabase, null);
}

/** Whether the signed-in person's note is shared, and at which link. */
export async function getNoteShare(
  id: string,
): Promise<{ slug: string | null; indexable: boolean } | null> {
  const row = await readNote(id);
  return row && { slug: row.share_slug, indexable: row.share_indexable };
}
