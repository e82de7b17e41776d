import "server-only";

import type { SupabaseClient } from "@supabase/supabase-js";
import * as Y from "yjs";

import { fromBytea } from "@/lib/notes/bytea";
import { DocumentCache, type CachedDocument } from "@/lib/notes/document-cache";
import { documentDerived } from "@/lib/notes/document-text";
import { createAdminClient } from "@/lib/supabase/admin";
import type { Database } from "@/lib/supabase/database.types";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Derivation = "written" | "current" | "no document" | "not found";

/** Each note's decoded document as last derived, so the next store applies only what is new. */
export const noteDocuments = new DocumentCache();

type StoredState = Database["public"]["Functions"]["note_state_since"]["Returns"][number];

/**
 * The note's stored state beyond the kept document (all of it without one). No ydoc_version is
 * negative, so -1 asks for everything. The read is the person's own: RLS decides, and a note they
 * may not read gives no row.
 */
async function readState(
  supabase: SupabaseClient<Database>,
  noteId: string,
  kept?: CachedDocument,
): Promise<StoredState | null> {
  const { data, error } = await supabase
    .rpc("note_state_since", {
      note_id: noteId,
      known_version: kept?.version ?? -1,
      known_ids: kept ? [...kept.ids] : [],
    })
    .maybeSingle();
  if (error) throw new Error(`reading the note's state: ${error.message}`);
  return data;
}

/**
 * Whether the kept document plus the updates just read is the stored state: built on the same
 * ydoc_version, with every update it holds still stored on it (and so the answer holds exactly
 * the others). Updates commit out of id order, so this is the exact set, never a highest id.
 */
function extendsKept(kept: CachedDocument, state: StoredState): boolean {
  if (state.ydoc_version !== kept.version) return false;
  const stored = new Set(state.update_ids);
  for (const id of kept.ids) if (!stored.has(id)) return false;
  return state.update_ids.length - kept.ids.size === state.updates.length;
}

/** Applies the answer's updates to a document built from the ids it holds, noting each one. */
function applyNew(entry: CachedDocument, state: StoredState) {
  const fresh = state.update_ids.filter((id) => !entry.ids.has(id));
  if (fresh.length !== state.updates.length)
    throw new Error("the note's stored updates came without their ids");
  state.updates.forEach((hex, i) => {
    const update = fromBytea(hex);
    Y.applyUpdate(entry.doc, update);
    entry.ids.add(fresh[i]);
    entry.bytes += update.length;
  });
}

/**
 * Writes a note's title, body, tags and links from its stored document. The state is read with the signed-in
 * person's own client, so RLS decides whether they may; the text is written by the server alone
 * (devices cannot write it), marked with the state it came from, so a derivation that finishes
 * after a newer one changes nothing. The decoded document is kept for the next derivation of the
 * note; while this one uses it, no other can.
 */
export async function deriveNoteText(
  supabase: SupabaseClient<Database>,
  noteId: string,
): Promise<Derivation> {
  let held = noteDocuments.take(noteId);
  let keep = false;
  try {
    let data = await readState(supabase, noteId, held);
    if (!data) return "not found";
    const reuse = held !== undefined && extendsKept(held, data);
    if (held && !reuse) {
      const partial = data.ydoc_version === held.version;
      held.doc.destroy();
      held = undefined;
      // Same version but the kept document holds updates no longer stored: the answer left out
      // what it named, so read the whole state.
      if (partial) {
        data = await readState(supabase, noteId);
        if (!data) return "not found";
      }
    }
    const count = data.update_ids.length;
    const behind =
      data.text_version < data.ydoc_version ||
      (data.text_version === data.ydoc_version && data.text_updates < count);
    if (!behind) {
      keep = reuse;
      return "current";
    }
    if (!held) {
      const ydoc = fromBytea(data.ydoc);
      // A note written as text (an import) has no document yet: its text is all there is.
      if (ydoc.length === 0 && count === 0) return "no document";
      held = { doc: new Y.Doc(), version: data.ydoc_version, ids: new Set(), bytes: ydoc.length };
      if (ydoc.length > 0) Y.applyUpdate(held.doc, ydoc);
    }
    applyNew(held, data);
    // The document is now exactly the state read: kept even if writing its text fails.
    keep = true;
    const { title, body, tags, links } = await documentDerived(held.doc, async (ids) => {
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
    if (held && keep) noteDocuments.keep(noteId, held);
    else held?.doc.destroy();
  }
}
