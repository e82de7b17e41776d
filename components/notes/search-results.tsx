import Link from "next/link";

import type { SearchHit } from "@/components/notes/note-search";
import { displayTitle } from "@/lib/notes/derive";
import { snippetParts } from "@/lib/notes/list";
import { noteAtMatch } from "@/lib/search/note-link";

function Highlighted({ text }: { text: string }) {
  return snippetParts(text).map((part, i) =>
    part.match ? (
      <mark key={i} className="rounded-sm bg-primary/20 px-0.5 text-foreground">
        {part.text}
      </mark>
    ) : (
      <span key={i}>{part.text}</span>
    ),
  );
}

export function SearchResults({ query, hits }: { query: string; hits: SearchHit[] | null }) {
  return (
    <div aria-live="polite" className="p-2">
      {hits === null ? (
        <p className="px-3 py-4 text-sm text-muted-foreground">Searching…</p>
      ) : hits.length === 0 ? (
        <p className="px-3 py-4 text-sm text-muted-foreground">
          No notes match &ldquo;{query}&rdquo;.
        </p>
      ) : (
        <ul aria-label="Search results" className="grid grid-cols-1 gap-0.5">
          {hits.map((hit) => (
            <li key={hit.id}>
              <Link
                href={noteAtMatch(hit.id, query)}
                data-note-link
                className="grid grid-cols-1 gap-0.5 rounded-md px-3 py-2 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <span className="truncate font-medium">
                  {hit.title ? <Highlighted text={hit.title_highlighted} /> : displayTitle("")}
                </span>
                {hit.snippet && (
                  <span className="line-clamp-2 text-sm text-muted-foreground">
                    <Highlighted text={hit.snippet} />
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
