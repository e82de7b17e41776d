"use client";

import { useEffect, useState } from "react";
import { LinkIcon } from "lucide-react";

import { SharedMarkdown } from "@/components/share/shared-markdown";
import { displayTitle } from "@/lib/notes/derive";
import { createClient } from "@/lib/supabase/client";
import type { PublicSupabaseConfig } from "@/lib/supabase/env";

type Shown = { title: string; body: string; updated_at: string };

/**
 * The shared note as readers see it. The server renders it whole (readable with JavaScript off);
 * once loaded it listens on the note's public topic, which carries only these fields, so edits
 * appear without a reload and a revoke takes the text away at once.
 */
export function SharedNoteLive({
  slug,
  initial,
  author,
  config,
}: {
  slug: string;
  initial: Shown;
  author: string;
  config: PublicSupabaseConfig;
}) {
  const [note, setNote] = useState(initial);
  const [revoked, setRevoked] = useState(false);

  useEffect(() => {
    const supabase = createClient(config);
    const channel = supabase
      .channel(`share:${slug}`, { config: { private: false } })
      .on("broadcast", { event: "update" }, ({ payload }) => {
        const next = payload as Partial<Shown>;
        if (typeof next.title === "string" && typeof next.body === "string") {
          setNote({
            title: next.title,
            body: next.body,
            updated_at:
              typeof next.updated_at === "string" ? next.updated_at : new Date().toISOString(),
          });
        }
      })
      .on("broadcast", { event: "revoked" }, () => setRevoked(true))
      .subscribe();
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [config, slug]);

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
    <article className="note-prose" aria-labelledby="shared-note-title">
      <h1 id="shared-note-title">{displayTitle(note.title)}</h1>
      <p className="not-prose text-sm text-muted-foreground">
        By {author} · Updated{" "}
        <time dateTime={note.updated_at}>{formatUpdated(note.updated_at)}</time>
      </p>
      <SharedMarkdown>{note.body}</SharedMarkdown>
    </article>
  );
}

/** The same words on the server and in the browser, so hydration never disagrees. */
function formatUpdated(iso: string): string {
  return (
    new Intl.DateTimeFormat("en-GB", {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: "UTC",
    }).format(new Date(iso)) + " UTC"
  );
}
