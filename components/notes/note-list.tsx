"use client";

import Link from "next/link";
import { useSelectedLayoutSegment } from "next/navigation";
import { PinIcon } from "lucide-react";

import { MoreNotes } from "@/components/notes/more-notes";
import { displayTitle } from "@/lib/notes/derive";
import { editedAgo, type NoteListItem } from "@/lib/notes/list";
import { cn } from "@/lib/utils";

export function NoteList({
  notes,
  more = false,
  loading = false,
  onMore = () => {},
}: {
  notes: NoteListItem[];
  /** Older notes follow: a button loads them, and so does scrolling down to it. */
  more?: boolean;
  loading?: boolean;
  onMore?: () => void;
}) {
  const open = useSelectedLayoutSegment();
  if (notes.length === 0) {
    return (
      <p className="px-4 py-8 text-center text-sm text-muted-foreground">
        No notes yet. Your first one is a click (or the N key) away.
      </p>
    );
  }
  return (
    <>
      <ul aria-label="All notes" className="grid gap-0.5 p-2" data-note-list>
        {notes.map((note) => (
          <li key={note.id}>
            <Link
              href={`/notes/${note.id}`}
              aria-current={open === note.id ? "page" : undefined}
              data-note-link
              className={cn(
                "grid gap-0.5 rounded-md px-3 py-2 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
                open === note.id && "bg-accent text-accent-foreground",
              )}
            >
              <span className="flex items-center gap-1.5 font-medium">
                {note.pinned && (
                  <PinIcon aria-label="Pinned" className="size-3.5 shrink-0 text-primary" />
                )}
                <span className="truncate">{displayTitle(note.title)}</span>
              </span>
              <span className="truncate text-sm text-muted-foreground">
                <time dateTime={note.updated_at} suppressHydrationWarning>
                  {editedAgo(note.updated_at)}
                </time>
                {note.preview && ` · ${note.preview}`}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {more && <MoreNotes loading={loading} onMore={onMore} />}
    </>
  );
}
