"use client";

import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";

import { useLoadedSupabase } from "@/components/supabase/supabase-config";
import { onChangesFlowing } from "@/lib/supabase/changes-flowing";

/**
 * Hears the person's own new memberships live: a note or folder shared with them shows a toast
 * that opens Shared with me, and the page's lists are read again; so does a note filed into a
 * folder shared with them. And their mentions: a comment naming them shows a toast that opens its
 * note.
 */
/** What can be shared with a person, the table that says so, and its column naming the thing. */
const SHARES = [
  ["note", "note_members", "note_id"],
  ["folder", "folder_members", "folder_id"],
] as const;

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
    const channel = client.channel(`shares:${userId}`);
    for (const [what, table, column] of SHARES) {
      channel.on(
        "postgres_changes",
        { event: "INSERT", schema: "public", table, filter: `user_id=eq.${userId}` },
        (payload) => tell(what, (payload.new as Record<string, unknown>)[column]),
      );
    }
    // Shares made between the server's render and the subscription came before it: read them
    // once its changes flow.
    onChangesFlowing(channel, () => {
      for (const [what, table, column] of SHARES)
        void client
          .from(table)
          .select(column)
          .eq("user_id", userId)
          .gt("created_at", since)
          .then(({ data }) =>
            (data as Record<string, unknown>[] | null)?.forEach((row) => tell(what, row[column])),
          );
    }).subscribe();
    // Mentions in comments, told by the database on the person's own private channel.
    const mentions = client
      .channel(`mentions:${userId}`, { config: { private: true } })
      .on("broadcast", { event: "mention" }, ({ payload }) => {
        const { note_id: noteId, by, title } = (payload ?? {}) as Record<string, unknown>;
        if (typeof noteId !== "string" || typeof by !== "string" || typeof title !== "string")
          return;
        toast(`${by} mentioned you in ${title}`, {
          action: { label: "Open", onClick: () => router.push(`/notes/${noteId}`) },
        });
      })
      // A note filed into (or moved out of) a folder they have: their lists are read again, and
      // a note they did not have before is told as a share.
      .on("broadcast", { event: "shares" }, ({ payload }) => {
        const { note_id: noteId, shared } = (payload ?? {}) as Record<string, unknown>;
        if (typeof noteId !== "string") return;
        if (shared === true && !told.has(`note:${noteId}`)) tell("note", noteId);
        else router.refresh();
      })
      .subscribe();
    return () => {
      void client.removeChannel(channel);
      void client.removeChannel(mentions);
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
