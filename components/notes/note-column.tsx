import { NoteSkeleton } from "@/components/notes/note-skeleton";
import type { Role } from "@/lib/sharing/roles";

/**
 * The note's column around its editor: the viewer's or commenter's notice (said again, as a status, when the
 * owner changes the role while the note is open), and what shows until the editor is ready.
 */
export function NoteColumn({
  readOnly,
  canComment = !readOnly,
  changedTo,
  ready,
  preview,
  children,
}: {
  readOnly: boolean;
  /** A commenter's column: the note is read-only, its comments are not. */
  canComment?: boolean;
  /** The role the owner gave this person while the note is open, if they did. */
  changedTo: Role | null;
  ready: boolean;
  preview: React.ReactNode;
  children: React.ReactNode;
}) {
  const role: Role = changedTo ?? (!readOnly ? "editor" : canComment ? "commenter" : "viewer");
  return (
    <div className="note-column flex-1 px-4 pt-6 pb-[30vh] sm:px-8 sm:pt-10">
      {role !== "editor" && (
        <p role={changedTo ? "status" : "note"} className="mb-4 text-sm text-muted-foreground">
          You can {role === "commenter" ? "comment on" : "view"} this note
          {changedTo ? " now" : ""}. Only its owner and editors can change it.
        </p>
      )}
      {!ready && (preview ?? <NoteSkeleton />)}
      {children}
    </div>
  );
}
