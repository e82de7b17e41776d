import { NoteSkeleton } from "@/components/notes/note-skeleton";

/**
 * The note's column around its editor: the viewer's notice (said again, as a status, when the
 * owner changes the role while the note is open), and what shows until the editor is ready.
 */
export function NoteColumn({
  readOnly,
  changedTo,
  ready,
  preview,
  children,
}: {
  readOnly: boolean;
  /** The role the owner gave this person while the note is open, if they did. */
  changedTo: "editor" | "viewer" | null;
  ready: boolean;
  preview: React.ReactNode;
  children: React.ReactNode;
}) {
  const viewer = changedTo === null ? readOnly : changedTo === "viewer";
  return (
    <div className="note-column flex-1 px-4 pt-6 pb-[30vh] sm:px-8 sm:pt-10">
      {viewer && (
        <p role={changedTo ? "status" : "note"} className="mb-4 text-sm text-muted-foreground">
          You can view this note{changedTo ? " now" : ""}. Only its owner and editors can change it.
        </p>
      )}
      {!ready && (preview ?? <NoteSkeleton />)}
      {children}
    </div>
  );
}
