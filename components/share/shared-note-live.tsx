"use client";

import { useEffect, useRef, useState } from "react";
import { LinkIcon } from "lucide-react";

import { SharedMarkdown } from "@/components/share/shared-markdown";
import { pathsInMarkdown } from "@/lib/attachments/paths";
import type { SharedFiles } from "@/lib/attachments/shared-files";
import { displayTitle } from "@/lib/notes/derive";
import { useLoadedSupabase } from "@/components/auth/supabase-config";

type Shown = { title: string; body: string; updated_at: string };

/**
 * The shared note as readers see it. The server renders it whole (readable with JavaScript off);
 * once loaded it listens on the note's public topic, so edits appear without a reload and a
 * revoke takes the text away at once.
 */
export function SharedNoteLive({
  slug,
  initial,
  author,
  files: initialFiles,
}: {
  slug: string;
  initial: Shown;
  author: string;
  files: SharedFiles;
}) {
  const [note, setNote] = useState(initial);
  const [files, setFiles] = useState(initialFiles);
  const [revoked, setRevoked] = useState(false);
  const [listening, setListening] = useState(false);

  const filesRef = useRef(files);
  useEffect(() => {
    filesRef.current = files;
  }, [files]);

  // The client library loads after the page is shown: the text is already in the HTML. Without
  // it the page stays as served; a reload picks up changes.
  const supabase = useLoadedSupabase();
  useEffect(() => {
    if (!supabase) return;
    // Anyone holding the link can also broadcast on a public topic, so a message is only a cue:
    // what the page shows always comes from shared_note(), which only the database answers.
    let latest = 0;
    const refresh = async () => {
      const asked = ++latest;
      const { data, error } = await supabase.rpc("shared_note", { slug });
      if (error || asked !== latest) return;
      const row = data[0];
      if (!row) {
        setRevoked(true);
        return;
      }
      setNote({ title: row.title, body: row.body, updated_at: row.updated_at });
      // A file added since the page loaded gets its signed link from the server, like the rest.
      const known = filesRef.current;
      if (pathsInMarkdown(row.body).some((path) => !(path in known))) {
        const res = await fetch(`/n/${encodeURIComponent(slug)}/files`, { cache: "no-store" });
        if (res.ok && asked === latest) setFiles((await res.json()) as SharedFiles);
      }
    };
    const channel = supabase
      .channel(`share:${slug}`, { config: { private: true } })
      .on("broadcast", { event: "update" }, () => void refresh())
      .on("broadcast", { event: "revoked" }, () => void refresh())
      .subscribe((status) => setListening(status === "SUBSCRIBED"));
    return () => void supabase.removeChannel(channel);
  }, [supabase, slug]);

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
      <h1 id="shared-note-title">{displayTitle(note.title)}</h1>
      <p className="not-prose text-sm text-muted-foreground">
        By {author} · Updated{" "}
        <time dateTime={note.updated_at}>{formatUpdated(note.updated_at)}</time>
      </p>
      <SharedMarkdown files={files}>{note.body}</SharedMarkdown>
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
