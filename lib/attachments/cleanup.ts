import "server-only";

import type { SupabaseClient } from "@supabase/supabase-js";

import { ATTACHMENTS_BUCKET } from "@/lib/attachments/limits";
import { noteFolder } from "@/lib/attachments/paths";
import { isNoteId } from "@/lib/notes/limits";
import type { Database } from "@/lib/supabase/database.types";

type Client = { storage: SupabaseClient["storage"] };

async function filesIn(client: Client, folder: string): Promise<string[]> {
  const { data, error } = await client.storage
    .from(ATTACHMENTS_BUCKET)
    .list(folder, { limit: 1000 });
  if (error) throw new Error(`Listing ${folder} failed: ${error.message}`);
  return data.filter((f) => f.id !== null).map((f) => `${folder}/${f.name}`);
}

/**
 * Removes every file of these notes, as their owner (RLS lets an owner remove anything in their
 * own folder). Throws when Storage refuses, so the note is kept and the person can try again.
 */
export async function removeNoteFiles(
  client: Client,
  ownerId: string,
  noteIds: string[],
): Promise<void> {
  for (const noteId of noteIds) {
    // A note holds at most a few hundred files; a second page is there for the rare larger one.
    for (let round = 0; round < 100; round++) {
      const paths = await filesIn(client, noteFolder(ownerId, noteId));
      if (paths.length === 0) break;
      const { error } = await client.storage.from(ATTACHMENTS_BUCKET).remove(paths);
      if (error) throw new Error(`Removing files of ${noteId} failed: ${error.message}`);
    }
  }
}

/**
 * Removes the folders of notes that no longer exist (trash that expired in the database, or a
 * removal that failed before): whatever is left behind once is found here the next time.
 */
export async function sweepOrphanFolders(
  client: SupabaseClient<Database>,
  ownerId: string,
): Promise<void> {
  const { data, error } = await client.storage
    .from(ATTACHMENTS_BUCKET)
    .list(ownerId, { limit: 1000 });
  if (error) throw new Error(`Listing ${ownerId} failed: ${error.message}`);
  const folders = data.filter((f) => f.id === null && isNoteId(f.name)).map((f) => f.name);
  if (folders.length === 0) return;
  const existing = await client.from("notes").select("id").in("id", folders);
  if (existing.error) throw new Error(`Reading notes failed: ${existing.error.message}`);
  const kept = new Set(existing.data.map((n) => n.id));
  await removeNoteFiles(
    client,
    ownerId,
    folders.filter((id) => !kept.has(id)),
  );
}
