import "server-only";

import type { SupabaseClient } from "@supabase/supabase-js";
import * as Y from "yjs";

import { toBytea } from "@/lib/notes/bytea";
import { keepSessionVersion } from "@/lib/history/keep";
import { broadcastStoredUpdate } from "@/lib/notes/broadcast-update";
import { deriveNoteText, type Derivation } from "@/lib/notes/derived-text";
import type { Database } from "@/lib/supabase/database.types";

type Queue = { current: Promise<unknown>; next: Promise<Derivation> | null };
const deriving = new Map<string, Queue>();

/**
 * Derives a note's text from what is stored now. A person typing stores an update every moment:
 * while one derivation runs, the stores that arrive share the one that starts after it (and so
 * after their own rows were stored) instead of each building the document again.
 */
function deriveAfterStore(
  supabase: SupabaseClient<Database>,
  userId: string,
  noteId: string,
): Promise<Derivation> {
  const key = `${userId}:${noteId}`;
  const queue = deriving.get(key);
  if (queue?.next) return queue.next;
  const start = () => {
    const run = deriveNoteText(supabase, noteId);
    const entry: Queue = { current: run, next: null };
    deriving.set(key, entry);
    void run
      .catch(() => {})
      .finally(() => {
        if (deriving.get(key) === entry && !entry.next) deriving.delete(key);
      });
    return run;
  };
  if (!queue) return start();
  queue.next = queue.current.catch(() => {}).then(start);
  return queue.next;
}

/** The largest update note_updates keeps (its data_size constraint). */
export const UPDATE_MAX_BYTES = 1_048_576;

export type StoreOutcome =
  { ok: true; id: number | null } | { ok: false; status: 400 | 403 | 404 | 503; message: string };

export type StoreOptions = {
  /** The device that made the edit, named in the note's history. */
  device?: string | null;
  /**
   * An edit the server made itself (a restore, a tag rename): sent on the note's channel as soon
   * as its row is stored, while the history and the derived text are brought up to it, so open
   * devices show it without waiting for those.
   */
  broadcast?: boolean;
};

/** What a viewer is told when their device sends a change anyway. */
export const VIEW_ONLY = "You can view this note but not change it.";

/** Whether the bytes are a Yjs update at all: one that is not would break every later load. */
function isUpdate(bytes: Uint8Array): boolean {
  try {
    Y.decodeUpdate(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stores one Yjs update of a note (none: only derive) and writes the note's text from what is now
 * stored, in the same request: whoever stores an edit, live, retried or found on catch-up, also
 * brings the list, search, the share page and the export up to it. The update is durable once
 * stored; a failed derivation is logged and done again by the next store or opening.
 */
export async function storeNoteUpdate(
  supabase: SupabaseClient<Database>,
  userId: string,
  noteId: string,
  update: Uint8Array,
  path: string,
  { device = null, broadcast = false }: StoreOptions = {},
): Promise<StoreOutcome> {
  let id: number | null = null;
  let sent: Promise<void> | null = null;
  if (update.length > 0) {
    if (!isUpdate(update))
      return { ok: false, status: 400, message: "That is not a change to a note." };
    const res = await supabase
      .from("note_updates")
      .insert({ note_id: noteId, data: toBytea(update) })
      .select("id")
      .single();
    if (res.error) {
      // RLS refuses a note the caller may not change. A viewer is told so; anyone else is
      // answered as for a note that does not exist, so nobody learns which notes there are.
      if (res.status === 403 || res.error.code === "42501" || res.error.code === "23503") {
        const role = await supabase.rpc("note_role", { note_id: noteId });
        if (role.data === "viewer" || role.data === "commenter")
          return { ok: false, status: 403, message: VIEW_ONLY };
        return { ok: false, status: 404, message: "That note doesn't exist." };
      }
      console.error(`${path}: storing an update failed:`, res.error.message);
      return {
        ok: false,
        status: 503,
        message: "Couldn't store the change. It is kept; retrying.",
      };
    }
    id = res.data.id;
    if (broadcast) sent = broadcastStoredUpdate(noteId, update);
    // The note's history: the state before this edit is kept when it ends a session. The edit is
    // stored either way; a version not kept is logged, never a reason to refuse the edit.
    try {
      await keepSessionVersion(supabase, userId, noteId, id, device);
    } catch (err) {
      console.error(`${path}: keeping a version failed:`, (err as Error).message);
    }
  }
  try {
    const derived = await deriveAfterStore(supabase, userId, noteId);
    if (derived === "not found" && id === null)
      return { ok: false, status: 404, message: "That note doesn't exist." };
  } catch (err) {
    console.error(`${path}: deriving the note's text failed:`, (err as Error).message);
  }
  await sent;
  return { ok: true, id };
}
