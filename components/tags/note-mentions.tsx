import Link from "next/link";

import "@/components/tags/note-mentions.css";

import { displayTitle } from "@/lib/notes/derive";
import { noteMentions, type Mention } from "@/lib/tags/queries";

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

/** Under a note: the notes that link to it, with the sentence around each link, and the notes
 * that name its title without linking to it. */
export async function NoteMentions({ noteId }: { noteId: string }) {
  const { backlinks, unlinked } = await noteMentions(noteId).catch(() => ({
    backlinks: [],
    unlinked: [],
  }));
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
