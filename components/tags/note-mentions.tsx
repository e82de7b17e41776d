"use client";

import { useEffect, useState } from "react";
import Link from "next/link";

import "@/components/tags/note-mentions.css";

import { useLoadedSupabase } from "@/components/supabase/supabase-config";
import { displayTitle } from "@/lib/notes/derive";
import { groupMentions, type Mention, type NoteMentions } from "@/lib/tags/mentions";

function MentionList({
  title,
  mentions,
  empty,
}: {
  title: string;
  mentions: Mention[];
  empty: string;
}) {
  const id = `mentions-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>
        {title}
        {mentions.length > 0 && <span>({mentions.length})</span>}
      </h2>
      {mentions.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul>
          {mentions.map((m, i) => (
            <li key={`${m.source_id}-${i}`}>
              <Link href={`/notes/${m.source_id}`}>
                <span>{displayTitle(m.source_title)}</span>
                {m.context && <span>{m.context}</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Under a note: the notes that link to it, with the sentence around each link, and the notes that
 * name its title without linking to it. The browser reads them once the note is shown, so the
 * note's page does not wait on them (the panel is below the note: it moves nothing as it comes).
 * Nothing shows until they are read, and nothing when they cannot be (offline).
 */
export function NoteMentions({ noteId }: { noteId: string }) {
  const supabase = useLoadedSupabase();
  const [mentions, setMentions] = useState<NoteMentions | null>(null);
  useEffect(() => {
    if (!supabase) return;
    let live = true;
    supabase.rpc("note_mentions", { note_id: noteId }).then(
      ({ data, error }) => {
        if (live && !error) setMentions(groupMentions(data));
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [supabase, noteId]);
  if (!mentions) return null;
  const { backlinks, unlinked } = mentions;
  return (
    <aside aria-label="Links to this note" className="note-mentions">
      <MentionList title="Linked from" mentions={backlinks} empty="No note links here yet." />
      <MentionList
        title="Unlinked mentions"
        mentions={unlinked}
        empty="No other note names this one's title."
      />
    </aside>
  );
}
