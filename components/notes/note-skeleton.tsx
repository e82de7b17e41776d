import "@/components/notes/note-list.css";

/** Stands in for a note while it loads: the shape of a title and a few lines. */
export function NoteSkeleton() {
  return (
    <div role="status" aria-label="Loading the note" className="grid gap-4 px-4 py-6 sm:px-8">
      <div className="h-8 w-2/3 animate-pulse rounded-md bg-muted" />
      {[100, 92, 96, 60].map((width) => (
        <div
          key={width}
          className="h-4 animate-pulse rounded-md bg-muted"
          style={{ width: `${width}%` }}
        />
      ))}
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
