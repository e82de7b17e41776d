"use client";

// A client component though it has no state: a server page that shows it sends a reference to
// it, not its elements, in its RSC payload (the notes frame's list and a note's loading state).
import "@/components/notes/note-list.css";

/** Stands in for a note while it loads: the shape of a title and a few lines (note-list.css). */
export function NoteSkeleton() {
  return (
    <div role="status" aria-label="Loading the note" className="note-skeleton">
      <div />
      <div />
      <div />
      <div />
      <div />
    </div>
  );
}

/** The list's stand-in; its look is in note-list.css, so the page's data carries no class lists. */
export function NoteListSkeleton() {
  return (
    <ul aria-hidden="true" className="note-list-skeleton">
      {[0, 1, 2, 3, 4].map((i) => (
        <li key={i}>
          <div />
          <div />
        </li>
      ))}
    </ul>
  );
}
