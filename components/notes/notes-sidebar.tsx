"use client";

import { useState } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { Trash2Icon } from "lucide-react";

import { NewNoteButton } from "@/components/notes/new-note-button";
import { NoteList } from "@/components/notes/note-list";
import { NoteSearch, type SearchHit } from "@/components/notes/note-search";
import { SearchResults } from "@/components/notes/search-results";
import { useLiveNotes } from "@/components/notes/use-live-notes";
import { TagTree } from "@/components/tags/tag-tree";
import type { PackedNotesPage } from "@/lib/notes/list";

export function NotesSidebar({
  firstPage,
  userId,
}: {
  firstPage: PackedNotesPage;
  userId: string;
}) {
  const list = useLiveNotes(firstPage, userId);
  const [search, setSearch] = useState<{ query: string; hits: SearchHit[] | null }>({
    query: "",
    hits: null,
  });
  const searching = search.query.trim() !== "";
  const inTrash = usePathname() === "/notes/trash";

  return (
    <>
      <div className="grid gap-3 border-b p-3">
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-lg font-semibold tracking-tight">Notes</h2>
          <NewNoteButton variant="outline" />
        </div>
        <NoteSearch onResults={setSearch} />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {searching ? (
          <SearchResults query={search.query} hits={search.hits} />
        ) : (
          <NoteList
            notes={list.notes}
            more={list.more}
            loading={list.loading}
            onMore={list.loadMore}
          />
        )}
      </div>
      <div className="border-t p-2">
        <TagTree />
        <Link
          href="/notes/trash"
          aria-current={inTrash ? "page" : undefined}
          className="flex items-center gap-2 rounded-md px-3 py-2 text-sm text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-[current=page]:bg-accent aria-[current=page]:font-medium aria-[current=page]:text-accent-foreground"
        >
          <Trash2Icon aria-hidden="true" className="size-4" />
          Trash
        </Link>
      </div>
    </>
  );
}
