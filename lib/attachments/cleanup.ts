import "server-only";

import type { SupabaseClient } from "@supabase/supabase-js";

import { ATTACHMENTS_BUCKET } from "@/lib/attachments/limits";
import { noteFolder } from "@/lib/attachments/paths";
import { IDS_PER_REQUEST, isNoteId } from "@/lib/notes/limits";
import type { Database } from "@/lib/supabase/database.types";

type Client = { storage: SupabaseClient["storage"] };

async function filesIn(client: Client, folder: string): Promise<string[]> {
  const { data, error } = await client.storage
    .from(ATTACHMENTS_BUCKET)
    .list(folder, { limit: 1000 });
  if (error) throw new Error(`Listing ${folder} failed: ${error.message}`);
  return data.filter((f) => f.id !== null).map((f) => `${folder}/${f.name}`);
}

/** Pages of a folder listing; a person's notes are many, but not this many thousands. */
const LIST_PAGE = 1000;
const MAX_LIST_PAGES = 100;

/** The owner's note folders: the notes that hold files (a note without files has no folder). */
async function noteFoldersOf(client: Client, ownerId: string): Promise<string[]> {
  const folders: string[] = [];
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const { data, error } = await client.storage
      .from(ATTACHMENTS_BUCKET)
      .list(ownerId, { limit: LIST_PAGE, offset: page * LIST_PAGE });
    if (error) throw new Error(`Listing ${ownerId} failed: ${error.message}`);
    folders.push(...data.filter((f) => f.id === null && isNoteId(f.name)).map((f) => f.name));
    if (data.length < LIST_PAGE) break;
  }
  return folders;
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
  // For many notes, one listing of the owner's folders skips every note that holds no file.
  const holding = noteIds.length > 1 ? new Set(await noteFoldersOf(client, ownerId)) : null;
  await removeFolders(client, ownerId, holding ? noteIds.filter((id) => holding.has(id)) : noteIds);
}

/** Empties these notes' folders, each one page of files at a time. */
async function removeFolders(client: Client, ownerId: string, noteIds: string[]): Promise<void> {
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
  const folders = await noteFoldersOf(client, ownerId);
  if (folders.length === 0) return;
  const kept = new Set<string>();
  for (let i = 0; i < folders.length; i += IDS_PER_REQUEST) {
    const batch = folders.slice(i, i + IDS_PER_REQUEST);
    const existing = await client.from("notes").select("id").in("id", batch);
    if (existing.error) throw new Error(`Reading notes failed: ${existing.error.message}`);
    for (const note of existing.data) kept.add(note.id);
  }
  // These are folders already listed: no need to list them again.
  await removeFolders(
    client,
    ownerId,
    folders.filter((id) => !kept.has(id)),
  );
}
