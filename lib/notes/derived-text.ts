import "server-only";

import type { SupabaseClient } from "@supabase/supabase-js";
import * as Y from "yjs";

import { fromBytea } from "@/lib/notes/bytea";
import { documentDerived } from "@/lib/notes/document-text";
import { createAdminClient } from "@/lib/supabase/admin";
import type { Database } from "@/lib/supabase/database.types";

export type Derivation = "written" | "current" | "no document" | "not found";

/**
 * Writes a note's title, body, tags and links from its stored document. The state is read with the signed-in
 * person's own client, so RLS decides whether they may; the text is written by the server alone
 * (devices cannot write it), marked with the state it came from, so a derivation that finishes
 * after a newer one changes nothing.
 */
export async function deriveNoteText(
  supabase: SupabaseClient<Database>,
  noteId: string,
): Promise<Derivation> {
  const { data, error } = await supabase.rpc("note_state", { note_id: noteId }).maybeSingle();
  if (error) throw new Error(`reading the note's state: ${error.message}`);
  if (!data) return "not found";
  const count = data.update_ids.length;
  const behind =
    data.text_version < data.ydoc_version ||
    (data.text_version === data.ydoc_version && data.text_updates < count);
  if (!behind) return "current";
  const ydoc = fromBytea(data.ydoc);
  // A note written as text (an import) has no document yet: its text is all there is.
  if (ydoc.length === 0 && count === 0) return "no document";

  const doc = new Y.Doc();
  try {
    if (ydoc.length > 0) Y.applyUpdate(doc, ydoc);
    for (const update of data.updates) Y.applyUpdate(doc, fromBytea(update));
    const { title, body, tags, links } = documentDerived(doc);
    // Tags and links are written with the text, under the same "not from an older state" guard.
    const written = await createAdminClient().rpc("write_note_derived", {
      note_id: noteId,
      title,
      body,
      from_version: data.ydoc_version,
      from_updates: count,
      tags,
      links,
    });
    if (written.error) throw new Error(`writing the note's text: ${written.error.message}`);
    return written.data ? "written" : "current";
  } finally {
    doc.destroy();
  }
}
