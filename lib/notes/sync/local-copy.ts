import type { SupabaseClient } from "@supabase/supabase-js";
import { IndexeddbPersistence } from "y-indexeddb";
import * as Y from "yjs";

import { localCopyName } from "@/lib/notes/sync/device-copy";
import type { PendingNoteCopy } from "@/lib/notes/sync/push-pending";
import { supabaseNoteStore } from "@/lib/notes/sync/supabase-store";
import type { Database } from "@/lib/supabase/database.types";

/** This device's copy of a note, loaded, with the store that reaches the server's. */
export async function openLocalCopy(
  supabase: SupabaseClient<Database>,
  userId: string,
  noteId: string,
): Promise<PendingNoteCopy> {
  const doc = new Y.Doc();
  const local = new IndexeddbPersistence(localCopyName(userId, noteId), doc);
  await local.whenSynced;
  return {
    doc,
    store: supabaseNoteStore(supabase, noteId, userId),
    close: async () => {
      await local.destroy();
      doc.destroy();
    },
  };
}
