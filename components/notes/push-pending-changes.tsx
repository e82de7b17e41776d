"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";

import { useLoadedSupabase } from "@/components/supabase/supabase-config";
import { pendingNotes } from "@/lib/notes/sync/pending-notes";

/**
 * Stores the changes this device made to notes while offline and has not stored yet, from any
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
      if (running || pendingNotes(localStorage, userId).length === 0) return;
      running = true;
      try {
        const [{ pushPendingNotes }, { openLocalCopy }] = await Promise.all([
          import("@/lib/notes/sync/push-pending"),
          import("@/lib/notes/sync/local-copy"),
        ]);
        const stored = await pushPendingNotes(localStorage, userId, (noteId) =>
          openLocalCopy(supabase, userId, noteId),
        );
        // The list follows Postgres changes; drawing the page again also covers a lost event.
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
