import type { SupabaseClient } from "@supabase/supabase-js";

import { toast } from "sonner";

import { fromBytea, toBytea } from "@/lib/notes/bytea";
import { forgetNoteMadeHere, madeHere } from "@/lib/notes/sync/pending-creates";
import {
  StaleCompactionError,
  TransientError,
  type NoteStore,
  type StoredNote,
} from "@/lib/notes/sync/types";
import type { Database } from "@/lib/supabase/database.types";
import { isOffline } from "@/lib/when-online";

type Failure = { status: number; error: { message: string } | null };

type Client = SupabaseClient<Database>;
/** A client, or how to get one once the library has loaded (the editor loads it only once shown). */
export type ClientSource = Client | (() => Promise<Client>);
/** The client; a library that cannot be fetched now is waited for, as a request that failed. */
const getterOf = (source: ClientSource) =>
  typeof source === "function"
    ? () =>
        source().catch((err: unknown) => {
          throw new TransientError((err as Error).message);
        })
    : () => Promise.resolve(source);

const offline = isOffline;

/** Offline a request would only fail: the caller waits as for one that did, and nothing is sent. */
function notWhileOffline(): void {
  if (offline()) throw new TransientError("Offline");
}

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

/** Said when a note made offline in a folder reaches the server after the folder was deleted. */
export const FOLDER_GONE =
  "A note made offline is in All notes: its folder was deleted on another device meanwhile.";

/**
 * A note made on this device while offline reaches the server before anything of its document:
 * its row, with the id made here. An id the server already has (another tab got there first) is
 * the same note; a folder deleted meanwhile leaves it in All notes, and says so.
 */
async function insertNoteMadeHere(
  client: () => Promise<Client>,
  userId: string,
  noteId: string,
): Promise<void> {
  const made = madeHere(localStorage, userId, noteId);
  if (!made) return;
  const supabase = await client();
  const row = { id: noteId, folder_id: made.folder, pinned: made.pinned ?? false };
  let result = await supabase.from("notes").insert(row);
  if (result.error?.code === "23503" && made.folder) {
    result = await supabase.from("notes").insert({ ...row, folder_id: null });
    if (!result.error) toast.error(FOLDER_GONE);
  }
  if (result.error?.code !== "23505") check(result);
  forgetNoteMadeHere(localStorage, userId, noteId);
}

/**
 * A note's stored state (over PostgREST, in one snapshot) and its updates (through the app). With
 * the person's id, a note made on this device while offline is first inserted.
 */
export function supabaseNoteStore(
  source: ClientSource,
  noteId: string,
  userId?: string,
): NoteStore {
  const client = getterOf(source);
  let inserted: Promise<void> | null = null;
  const ensureInserted = () => {
    if (!userId || typeof localStorage === "undefined") return Promise.resolve();
    inserted ??= insertNoteMadeHere(client, userId, noteId).catch((err: unknown) => {
      inserted = null;
      throw err;
    });
    return inserted;
  };
  return {
    async load(): Promise<StoredNote> {
      notWhileOffline();
      await ensureInserted();
      const supabase = await client();
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
      notWhileOffline();
      await ensureInserted();
      const id = await postUpdate(noteId, update);
      if (id === null) throw new Error("The change was not stored.");
      return id;
    },
    async compact(state, baseVersion, mergedIds) {
      notWhileOffline();
      const supabase = await client();
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
      notWhileOffline();
      await ensureInserted();
      await postUpdate(noteId, new Uint8Array());
    },
  };
}
