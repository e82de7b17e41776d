import Link from "next/link";
import { HashIcon } from "lucide-react";
import { PinIcon } from "@/components/ui/icons";

import { BackToNotes } from "@/components/notes/back-to-notes";
import { RenameTag } from "@/components/tags/rename-tag";
import { displayTitle, plainPreview } from "@/lib/notes/derive";
import { tagHref } from "@/lib/notes/editor/refs-source";
import { editedAgo } from "@/lib/notes/list";
import type { TaggedNote } from "@/lib/tags/queries";

/** A tag's notes (its sub-tags' included), its sub-tags, and renaming it. */
export function TagView({
  tag,
  notes,
  subTags,
  userId,
}: {
  tag: string | null;
  notes: TaggedNote[];
  subTags: { tag: string; note_count: number }[];
  /** Whose renames this device keeps while offline (absent on the "Not a tag" page). */
  userId?: string;
}) {
  if (!tag) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-2 px-4 py-6 sm:px-6">
        <BackToNotes />
        <h1 className="text-2xl font-semibold tracking-tight">Not a tag</h1>
        <p className="text-muted-foreground">
          A tag is made of letters, digits, - and _, with / between its parts.
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-5 px-4 py-6 sm:px-6">
      <BackToNotes />
      <div className="grid gap-1">
        <h1 className="flex items-center gap-1 text-2xl font-semibold tracking-tight break-all">
          <HashIcon aria-hidden="true" className="size-6 shrink-0 text-muted-foreground" />
          <span>
            <span className="sr-only">Tag </span>
            {tag}
          </span>
        </h1>
        <p className="text-muted-foreground">
          {notes.length === 0
            ? "No notes carry this tag."
            : `${notes.length} ${notes.length === 1 ? "note" : "notes"}${subTags.length > 0 ? ", sub-tags included" : ""}.`}
        </p>
      </div>
      {subTags.length > 0 && (
        <nav aria-label="Sub-tags">
          <ul className="flex flex-wrap gap-2">
            {subTags.map((sub) => (
              <li key={sub.tag}>
                <Link
                  href={tagHref(sub.tag)}
                  className="inline-flex items-center gap-1 rounded-full border px-3 py-1 text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  #{sub.tag}
                  <span className="text-muted-foreground">{sub.note_count}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {notes.length > 0 && (
        <ul aria-label={`Notes tagged #${tag}`} className="grid grid-cols-1 gap-1">
          {notes.map((note) => (
            <li key={note.id}>
              <Link
                href={`/notes/${note.id}`}
                className="grid grid-cols-1 gap-0.5 rounded-md border px-4 py-3 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
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
                  {note.body && ` · ${plainPreview(note.body)}`}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {notes.length > 0 && userId && <RenameTag tag={tag} userId={userId} />}
    </div>
  );
}
