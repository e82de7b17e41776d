"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";

import { useLoadedSupabase } from "@/components/supabase/supabase-config";

/**
 * Hears the person's own new memberships live: a note or folder shared with them shows a toast
 * that opens Shared with me, and the page's lists are read again.
 */
export function useNewShares(userId: string) {
  const supabase = useLoadedSupabase();
  const router = useRouter();
  useEffect(() => {
    if (!supabase) return;
    const client = supabase;
    const heard = (what: string) => () => {
      router.refresh();
      toast(`A ${what} was shared with you`, {
        action: { label: "Open", onClick: () => router.push("/notes/shared") },
      });
    };
    const channel = client
      .channel(`shares:${userId}`)
      .on(
        "postgres_changes",
        {
          event: "INSERT",
          schema: "public",
          table: "note_members",
          filter: `user_id=eq.${userId}`,
        },
        heard("note"),
      )
      .on(
        "postgres_changes",
        {
          event: "INSERT",
          schema: "public",
          table: "folder_members",
          filter: `user_id=eq.${userId}`,
        },
        heard("folder"),
      )
      .subscribe();
    return () => {
      void client.removeChannel(channel);
    };
  }, [supabase, userId, router]);
}

/**
 * Listens for notes and folders shared with the person, once per page: the navigation it used to
 * live in is drawn twice on phones (the sidebar and the Library sheet), and one topic can be
 * subscribed only once per client.
 */
export function NewSharesListener({ userId }: { userId: string }) {
  useNewShares(userId);
  return null;
}
