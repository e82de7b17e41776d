import Link from "next/link";

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
    <section aria-labelledby={id} className="grid gap-2">
      <h2 id={id} className="text-sm font-medium text-muted-foreground">
        {title}
        {mentions.length > 0 && <span className="ml-1 tabular-nums">({mentions.length})</span>}
      </h2>
      {mentions.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid gap-1">
          {mentions.map((m, i) => (
            <li key={`${m.source_id}-${i}`}>
              <Link
                href={`/notes/${m.source_id}`}
                className="grid gap-0.5 rounded-md border px-3 py-2 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <span className="truncate text-sm font-medium">{displayTitle(m.source_title)}</span>
                {m.context && (
                  <span className="line-clamp-2 text-sm text-muted-foreground">{m.context}</span>
                )}
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
    <aside
      aria-label="Links to this note"
      className="mx-auto grid w-full max-w-3xl gap-5 border-t px-4 py-6 sm:px-6"
    >
      <MentionList title="Linked from" mentions={backlinks} empty="No note links here yet." />
      <MentionList
        title="Unlinked mentions"
        mentions={unlinked}
        empty="No other note names this one's title."
      />
    </aside>
  );
}
