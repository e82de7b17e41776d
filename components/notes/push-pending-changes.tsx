"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";

import { useLoadedSupabase } from "@/components/supabase/supabase-config";
import { noteChangesKey } from "@/lib/notes/offline/note-changes-key";
import { notesMadeHere } from "@/lib/notes/sync/pending-creates";
import { pendingNotes } from "@/lib/notes/sync/pending-notes";

/**
 * Stores the changes this device made to notes while offline and has not stored yet (their text,
 * and pins and Trash made in the offline shell), from any
 * notes page (the note itself need not be opened), on arrival and whenever the browser is back
 * online. The sync code is loaded only when there is something to store.
 */
export function PushPendingChanges({ userId }: { userId: string }) {
  const supabase = useLoadedSupabase();
  const router = useRouter();

  useEffect(() => {
    if (!supabase) return;
    let running = false;
    const push = async () => {
      const waiting =
        pendingNotes(localStorage, userId).length > 0 ||
        notesMadeHere(localStorage, userId).length > 0 ||
        localStorage.getItem(noteChangesKey(userId)) !== null;
      if (running || !waiting) return;
      running = true;
      try {
        const [{ pushPendingNotes }, { openLocalCopy }, { sendWaitingChanges }] = await Promise.all(
          [
            import("@/lib/notes/sync/push-pending"),
            import("@/lib/notes/sync/local-copy"),
            import("@/lib/notes/offline/send-organize"),
          ],
        );
        // Notes made offline are made (with their text) before anything else touches them.
        let stored = await pushPendingNotes(
          localStorage,
          userId,
          (noteId) => openLocalCopy(supabase, userId, noteId),
          (_id, message) => toast.error(`A note made offline was not stored: ${message}`),
        );
        // Then pins and Trash made offline, in order; moves are sent by the folders' provider.
        stored += await sendWaitingChanges(
          supabase,
          userId,
          (_id, message) => toast.error(message),
          { moves: false },
        );
        // The list follows the notes' changes; drawing the page again also covers a lost event.
        if (stored > 0) router.refresh();
      } catch {
        // The code could not be fetched (offline): the next time online tries again.
      } finally {
        running = false;
      }
    };
    void push();
    const onOnline = () => void push();
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, [supabase, userId, router]);

  return null;
}
