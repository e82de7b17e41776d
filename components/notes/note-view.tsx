import "@/components/notes/note-print.css";
import "@/components/notes/note-view.css";
import { BackToNotes } from "@/components/notes/back-to-notes";
import { CheckedItemsToggle } from "@/components/notes/checked-items-toggle";
import { NoteActions, NoteExportMenu } from "@/components/notes/note-actions";
import { NoteEditorIsland } from "@/components/notes/note-editor-island";
import { ShareControl } from "@/components/notes/share-control";
import { NoteMentions } from "@/components/tags/note-mentions";
import type { NoteSummary } from "@/lib/notes/list";
import { canCommentWith, canEditWith, type Access } from "@/lib/sharing/roles";

/**
 * The open note. The first HTML holds its text as plain, readable content (the island draws it
 * from the text it hands the editor); the editor replaces it once its code has loaded, so the
 * note is there before any script runs.
 */
export function NoteView({
  note,
  userId,
  share,
  role = "owner",
}: {
  note: NoteSummary;
  userId: string;
  /** Its sharing, and whose it is: a shared note's files live in its owner's folder. */
  share: { slug: string | null; indexable: boolean; ownerId: string };
  role?: Access;
}) {
  return (
    <div className="flex min-h-full flex-col" data-note-pane>
      <div className="note-bar">
        <BackToNotes inBar />
        <div id="note-status-slot" data-note-status-slot className="mr-auto" />
        <CheckedItemsToggle />
        <ShareControl
          id={note.id}
          slug={share.slug}
          indexable={share.indexable}
          owner={role === "owner"}
        />
        <NoteExportMenu id={note.id} />
        {role === "owner" && <NoteActions id={note.id} pinned={note.pinned} />}
      </div>
      <div data-print-note className="contents">
        <NoteEditorIsland
          readOnly={!canEditWith(role)}
          canComment={canCommentWith(role)}
          noteId={note.id}
          userId={userId}
          ownerId={share.ownerId}
          text={{ title: note.title, body: note.body }}
        />
      </div>
      {/* Read by the browser once the note is shown: not on the page's way to its first byte. */}
      <NoteMentions key={note.id} noteId={note.id} />
    </div>
  );
}
