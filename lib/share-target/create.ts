import "server-only";

import { failure, type Failure } from "@/lib/actions/failure";
import type { ServerClient } from "@/lib/actions/with-user";
import { importedDocument } from "@/lib/import/document";
import { storeNoteUpdate } from "@/lib/notes/store-update";
import {
  SHARE_REFUSALS,
  sharedNoteMarkdown,
  type SharedFields,
} from "@/lib/share-target/shared-note";

const UNIQUE_VIOLATION = "23505";

const SHARE_TAKEN = "What you shared could not be made a note here. Share it again.";

/**
 * Makes a note of what was shared, as an import makes one: the row, then its document (the
 * editor's own reading of the Markdown) stored as the note's first update, from which the server
 * derives its title, text, tags and links before answering. A note whose text could not be stored
 * is put back out of sight, so a failed share leaves no empty note behind.
 */
export async function createSharedNote(
  supabase: ServerClient,
  userId: string,
  fields: SharedFields,
  path: string,
  /** Files that come with the share, attached by the person's device once uploaded. */
  fileNames: string[] = [],
  /**
   * The id the device kept the share under, made the note's own: a claim tried again (its answer
   * lost, or the files not kept on the device) finds the note made the first time, not a second.
   */
  shareId?: string,
): Promise<{ id: string } | Failure> {
  const shared = sharedNoteMarkdown(fields, fileNames);
  if (!shared.ok) return { error: SHARE_REFUSALS[shared.reason] };
  const made = await supabase
    .from("notes")
    .insert(shareId ? { id: shareId } : {})
    .select("id")
    .single();
  if (made.error?.code === UNIQUE_VIOLATION && shareId) {
    // Made already, by an earlier claim of this share; the row is read as its owner reads it.
    const earlier = await supabase.from("notes").select("id").eq("id", shareId).maybeSingle();
    if (earlier.data) return { id: earlier.data.id };
    return { error: SHARE_TAKEN };
  }
  if (made.error) return failure("make a note of what was shared", made.error);
  const id = made.data.id;
  const stored = await storeNoteUpdate(
    supabase,
    userId,
    id,
    importedDocument(shared.markdown, []),
    path,
  );
  if (!stored.ok) {
    await supabase.from("notes").delete().eq("id", id);
    return { error: "The shared text could not be stored. Share it again." };
  }
  return { id };
}
