import type { SupabaseClient } from "@supabase/supabase-js";

import { fromBytea, toBytea } from "@/lib/notes/bytea";
import {
  StaleCompactionError,
  TransientError,
  type NoteStore,
  type StoredNote,
} from "@/lib/notes/sync/types";
import type { Database } from "@/lib/supabase/database.types";

type Failure = { status: number; error: { message: string } | null };

/** No answer, or a server that is away, is worth waiting for; a refusal is not. */
function check(result: Failure): void {
  if (!result.error) return;
  const offline = typeof navigator !== "undefined" && navigator.onLine === false;
  if (offline || result.status === 0 || result.status >= 500 || result.status === 401) {
    throw new TransientError(result.error.message);
  }
  if (result.status === 409) throw new StaleCompactionError(result.error.message);
  throw new Error(result.error.message);
}

/** note_updates and notes over PostgREST, through the signed-in browser client. */
export function supabaseNoteStore(supabase: SupabaseClient<Database>, noteId: string): NoteStore {
  return {
    async load(): Promise<StoredNote> {
      const note = await supabase
        .from("notes")
        .select("ydoc, ydoc_version")
        .eq("id", noteId)
        .single();
      check(note);
      const updates = await supabase
        .from("note_updates")
        .select("id, data")
        .eq("note_id", noteId)
        .order("id");
      check(updates);
      return {
        ydoc: fromBytea(note.data!.ydoc),
        version: note.data!.ydoc_version,
        updates: updates.data!.map((u) => ({ id: u.id, data: fromBytea(u.data) })),
      };
    },
    async append(update) {
      const res = await supabase
        .from("note_updates")
        .insert({ note_id: noteId, data: toBytea(update) })
        .select("id")
        .single();
      check(res);
      return res.data!.id;
    },
    async compact(state, baseVersion, mergedIds, { title, body }) {
      const res = await supabase.rpc("compact_note", {
        note_id: noteId,
        ydoc: toBytea(state),
        base_version: baseVersion,
        merged_ids: mergedIds,
        title,
        body,
      });
      check(res);
      return res.data!.ydoc_version;
    },
    async saveText({ title, body }) {
      check(await supabase.from("notes").update({ title, body }).eq("id", noteId));
    },
  };
}
