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

const offline = () => typeof navigator !== "undefined" && navigator.onLine === false;

/** No answer, or a server that is away, is worth waiting for; a refusal is not. */
function check(result: Failure): void {
  if (!result.error) return;
  if (offline() || result.status === 0 || result.status >= 500 || result.status === 401) {
    throw new TransientError(result.error.message);
  }
  if (result.status === 409) throw new StaleCompactionError(result.error.message);
  throw new Error(result.error.message);
}

/**
 * Stores an update through the app's server, which writes the note's text from the stored
 * document in the same request. A redirect is the session ending (the sign-in page): waiting for
 * the session to come back is worth it, as for a 401.
 */
async function postUpdate(noteId: string, update: Uint8Array): Promise<number | null> {
  let res: Response;
  try {
    res = await fetch(`/notes/${noteId}/updates`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: update as Uint8Array<ArrayBuffer>,
      redirect: "manual",
      cache: "no-store",
    });
  } catch (err) {
    throw new TransientError((err as Error).message);
  }
  if (res.type === "opaqueredirect") throw new TransientError("Your session has ended.");
  const answer = (await res.json().catch(() => null)) as { id?: number | null; error?: string };
  if (res.ok && answer && "id" in answer) return answer.id ?? null;
  check({ status: res.status, error: { message: answer?.error ?? res.statusText } });
  throw new TransientError(res.statusText || "No answer");
}

/** A note's stored state (over PostgREST, in one snapshot) and its updates (through the app). */
export function supabaseNoteStore(supabase: SupabaseClient<Database>, noteId: string): NoteStore {
  return {
    async load(): Promise<StoredNote> {
      const state = await supabase.rpc("note_state", { note_id: noteId }).single();
      check(state);
      const { ydoc, ydoc_version, update_ids, updates } = state.data!;
      return {
        ydoc: fromBytea(ydoc),
        version: ydoc_version,
        updates: update_ids.map((id, i) => ({ id, data: fromBytea(updates[i]) })),
      };
    },
    async append(update) {
      const id = await postUpdate(noteId, update);
      if (id === null) throw new Error("The change was not stored.");
      return id;
    },
    async compact(state, baseVersion, mergedIds) {
      const res = await supabase.rpc("compact_note", {
        note_id: noteId,
        ydoc: toBytea(state),
        base_version: baseVersion,
        merged_ids: mergedIds,
      });
      check(res);
      return res.data!.ydoc_version;
    },
    async derive() {
      await postUpdate(noteId, new Uint8Array());
    },
  };
}
