"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { LinkIcon } from "lucide-react";

import { useLoadedSupabase } from "@/components/supabase/supabase-config";
import { coalesce } from "@/lib/notes/coalesce";

/**
 * The shared note as readers see it. The server renders it whole (readable with JavaScript off,
 * and the Markdown is never parsed in the browser); once loaded it listens on the note's private
 * topic, where only the database speaks, so edits appear without a reload and a revoke takes the
 * text away at once, for good.
 */
export function SharedNoteLive({
  slug,
  updatedAt,
  children,
}: {
  slug: string;
  updatedAt: string;
  children: ReactNode;
}) {
  const router = useRouter();
  const [revoked, setRevoked] = useState(false);
  const [listening, setListening] = useState(false);

  const shown = useRef(updatedAt);
  useEffect(() => {
    shown.current = updatedAt;
  }, [updatedAt]);

  // The client library loads after the page is shown: the text is already in the HTML. Without
  // it the page stays as served; a reload picks up changes.
  const supabase = useLoadedSupabase();
  useEffect(() => {
    if (!supabase) return;
    let gone = false;
    const channel = supabase.channel(`share:${slug}`, { config: { private: true } });
    const revoke = () => {
      // Once revoked, always revoked: nothing heard later brings any text back to this page.
      gone = true;
      setRevoked(true);
      void supabase.removeChannel(channel);
    };
    // A burst of updates costs one check at a time: the newest state, read once it is asked for.
    const refresh = coalesce(async () => {
      if (gone) return;
      const { data, error } = await supabase.rpc("shared_note", { slug });
      if (error || gone) return;
      const row = data[0];
      if (!row) return revoke();
      // The server renders the new text (and signs links for new files) for this page.
      if (row.updated_at !== shown.current) {
        shown.current = row.updated_at;
        router.refresh();
      }
    });
    channel
      .on("broadcast", { event: "update" }, refresh)
      .on("broadcast", { event: "revoked" }, revoke)
      .subscribe((status) => setListening(status === "SUBSCRIBED"));
    return () => {
      gone = true;
      void supabase.removeChannel(channel);
    };
  }, [supabase, slug, router]);

  if (revoked) {
    return (
      <div role="status" className="flex flex-col items-center gap-4 py-16 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent">
          <LinkIcon aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">This note is no longer shared</h1>
        <p className="text-muted-foreground">
          Its owner turned the link off. Ask them for a new one if you still need it.
        </p>
      </div>
    );
  }

  return (
    <article
      className="note-prose"
      aria-labelledby="shared-note-title"
      data-live={listening ? "on" : "off"}
    >
      {children}
    </article>
  );
}
