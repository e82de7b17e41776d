"use client";

import Link from "next/link";
import { useSelectedLayoutSegment } from "next/navigation";
import { PinIcon } from "lucide-react";

import "@/components/notes/note-list.css";

import { MoreNotes } from "@/components/notes/more-notes";
import { displayTitle } from "@/lib/notes/derive";
import { editedAgo, type NoteListItem } from "@/lib/notes/list";

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
        No notes yet. Your first one is a click (or the N key) away, or{" "}
        <Link href="/account/import" className="underline underline-offset-2">
          import notes from another app
        </Link>
        .
      </p>
    );
  }
  return (
    <>
      <ul aria-label="All notes" className="note-list" data-note-list>
        {notes.map((note) => (
          <li key={note.id}>
            <Link
              href={`/notes/${note.id}`}
              aria-current={open === note.id ? "page" : undefined}
              data-note-link
            >
              <b>
                {note.pinned && <PinIcon aria-label="Pinned" />}
                <span>{displayTitle(note.title)}</span>
              </b>
              <small>
                <span suppressHydrationWarning>{editedAgo(note.updated_at)}</span>
                {note.preview && ` · ${note.preview}`}
              </small>
            </Link>
          </li>
        ))}
      </ul>
      {more && <MoreNotes loading={loading} onMore={onMore} />}
    </>
  );
}
