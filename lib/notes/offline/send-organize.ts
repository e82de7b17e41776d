import type { SupabaseClient } from "@supabase/supabase-js";

import { NO_SUCH_NOTE } from "@/lib/actions/failure";
import { flushMoves } from "@/lib/folders/move-queue";
import { NO_SUCH_FOLDER } from "@/lib/folders/tree";
import { flushChanges, type NoteChange, type SendResult } from "@/lib/notes/offline/organize-queue";
import type { Database } from "@/lib/supabase/database.types";

type Answer = {
  status: number;
  error: { code?: string; message: string } | null;
  data: { id: string }[] | null;
};

/** No answer, or a server away, is tried again later; a refusal is said and dropped. */
function judge(result: Answer, what: string): SendResult {
  if (!result.error) return result.data?.length ? {} : { error: NO_SUCH_NOTE };
  if (navigator.onLine === false || result.status === 0 || result.status >= 500) {
    return { error: `Couldn't ${what}.`, retry: true };
  }
  if (result.status === 401) return { error: `Couldn't ${what}.`, retry: true };
  if (result.error.code === "23503") return { error: NO_SUCH_FOLDER };
  return { error: result.error.message };
}

/**
 * Carries out the moves, pins and Trash made on this device while offline, in order (RLS lets a
 * person change only their own notes). `onRefused` is told, with the note's id, of each one the
 * server refused for good, which is dropped: a folder or a note deleted elsewhere meanwhile.
 * The notes pages send moves themselves (the folders' provider): `moves: false` leaves them.
 */
export async function sendWaitingChanges(
  supabase: SupabaseClient<Database>,
  userId: string,
  onRefused: (noteId: string, message: string) => void,
  { moves = true }: { moves?: boolean } = {},
): Promise<number> {
  const update = async (id: string, change: Database["public"]["Tables"]["notes"]["Update"]) =>
    (await supabase.from("notes").update(change).eq("id", id).select("id")) as Answer;

  let movedId = "";
  const moved = !moves
    ? 0
    : await flushMoves(
        async (id, folder) => {
          movedId = id;
          // flushMoves waits on a message starting "Couldn't" and drops any other, said.
          const { error } = judge(await update(id, { folder_id: folder }), "move the note");
          return { error };
        },
        (message) => onRefused(movedId, message),
      );
  const changed = await flushChanges(
    localStorage,
    userId,
    async (change: NoteChange) =>
      change.kind === "pin"
        ? judge(
            await update(change.id, { pinned: change.pinned }),
            change.pinned ? "pin the note" : "unpin the note",
          )
        : judge(
            await update(change.id, { deleted_at: change.trashed ? change.at : null }),
            change.trashed ? "move the note to Trash" : "restore the note",
          ),
    (change, message) => onRefused(change.id, message),
  );
  return moved + changed;
}
