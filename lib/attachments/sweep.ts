import type { SupabaseClient } from "@supabase/supabase-js";

import { ATTACHMENTS_BUCKET } from "@/lib/attachments/limits";
import { noteFolder } from "@/lib/attachments/paths";
import type { Database } from "@/lib/supabase/database.types";

/**
 * How long a file may sit in a note's folder with no node pointing at it before it is removed:
 * covers the moment between an upload finishing and its node reaching the other devices, an undo
 * right after removing one, and a cut followed by a paste.
 */
export const SWEEP_GRACE_MS = 60_000;

export type StoredFile = { name: string; id: string | null; created_at: string | null };

/**
 * The files of a note's folder that its document no longer refers to and that are old enough to
 * go. Folders (no id) and anything without a creation time are left alone.
 */
export function filesToSweep(
  folder: string,
  files: StoredFile[],
  referenced: ReadonlySet<string>,
  now: number,
  graceMs = SWEEP_GRACE_MS,
): string[] {
  return files
    .filter((f) => f.id !== null && f.created_at !== null)
    .filter((f) => now - Date.parse(f.created_at!) >= graceMs)
    .map((f) => `${folder}/${f.name}`)
    .filter((path) => !referenced.has(path));
}

/**
 * Removes the files of a note's folder that neither the document (`referenced`) nor any version
 * its history keeps refers to, once they are old enough to go: a file removed from the note can
 * be put back from History while a version holds it, and goes once the last such version has been
 * thinned away. While any version's files are unknown (kept before they were recorded), or the
 * history cannot be read, nothing is removed. Returns the paths removed.
 */
export async function sweepNoteFiles(
  supabase: SupabaseClient<Database>,
  ownerId: string,
  noteId: string,
  referenced: ReadonlySet<string>,
  now = Date.now(),
): Promise<string[]> {
  const folder = noteFolder(ownerId, noteId);
  const files = supabase.storage.from(ATTACHMENTS_BUCKET);
  const { data, error } = await files.list(folder, { limit: 1000 });
  if (error || !data) return [];
  const candidates = filesToSweep(folder, data, referenced, now);
  if (candidates.length === 0) return [];
  const history = await supabase.rpc("note_history_files", { note_id: noteId });
  if (history.error || !history.data) return [];
  const kept = new Set(history.data);
  const gone = candidates.filter((path) => !kept.has(path));
  if (gone.length === 0) return [];
  const removed = await files.remove(gone);
  return removed.error ? [] : gone;
}
