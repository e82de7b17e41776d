import "server-only";

import type { SupabaseClient } from "@supabase/supabase-js";
import * as Y from "yjs";

import { fromBytea } from "@/lib/notes/bytea";
import { documentDerived } from "@/lib/notes/document-text";
import { createAdminClient } from "@/lib/supabase/admin";
import type { Database } from "@/lib/supabase/database.types";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    const { title, body, tags, links } = await documentDerived(doc, async (ids) => {
      // RLS keeps this to the person's own notes; a link to anything else keeps its label.
      const { data: targets } = await supabase
        .from("notes")
        .select("id, title")
        .in("id", ids.filter((id) => UUID.test(id)).slice(0, 500));
      return new Map((targets ?? []).filter((t) => t.title).map((t) => [t.id, t.title]));
    });
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
    if (written.data) {
      // A new title reaches the notes that link to this one by id: their body, export and share
      // page name it as it is now.
      const relabeled = await createAdminClient().rpc("relabel_note_links", { note_id: noteId });
      if (relabeled.error)
        throw new Error(`renaming links to the note: ${relabeled.error.message}`);
    }
    return written.data ? "written" : "current";
  } finally {
    doc.destroy();
  }
}
