"use client";

import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";

import { useLoadedSupabase } from "@/components/supabase/supabase-config";

/**
 * Hears the person's own new memberships live: a note or folder shared with them shows a toast
 * that opens Shared with me, and the page's lists are read again.
 */
export function useNewShares(userId: string, since: string) {
  const supabase = useLoadedSupabase();
  const router = useRouter();
  useEffect(() => {
    if (!supabase) return;
    const client = supabase;
    // Each share is told once, whether it comes live or from the catch-up read below.
    const told = new Set<string>();
    const tell = (what: "note" | "folder", id: unknown) => {
      const key = `${what}:${String(id)}`;
      if (told.has(key)) return;
      told.add(key);
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
        (payload) => tell("note", (payload.new as { note_id?: unknown }).note_id),
      )
      .on(
        "postgres_changes",
        {
          event: "INSERT",
          schema: "public",
          table: "folder_members",
          filter: `user_id=eq.${userId}`,
        },
        (payload) => tell("folder", (payload.new as { folder_id?: unknown }).folder_id),
      )
      .subscribe((status) => {
        // Shares made between the server's render and the subscription came before it: read them.
        if (status !== "SUBSCRIBED") return;
        void client
          .from("note_members")
          .select("note_id")
          .eq("user_id", userId)
          .gt("created_at", since)
          .then(({ data }) => data?.forEach((row) => tell("note", row.note_id)));
        void client
          .from("folder_members")
          .select("folder_id")
          .eq("user_id", userId)
          .gt("created_at", since)
          .then(({ data }) => data?.forEach((row) => tell("folder", row.folder_id)));
      });
    return () => {
      void client.removeChannel(channel);
    };
  }, [supabase, userId, since, router]);
}

/**
 * Listens for notes and folders shared with the person, once per page: the navigation it used to
 * live in is drawn twice on phones (the sidebar and the Library sheet), and one topic can be
 * subscribed only once per client.
 */
export function NewSharesListener({
  userId,
  since,
}: {
  userId: string;
  /** When the server rendered the page (its clock, as the database's): later shares are new. */
  since: string;
}) {
  // The first render's time: a refresh renders the layout again, and must not resubscribe.
  const [from] = useState(since);
  useNewShares(userId, from);
  return null;
}
