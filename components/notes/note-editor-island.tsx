"use client";

import { HostedIsland, useNoteHost } from "@/components/notes/note-editor-host";
import { NotePreview } from "@/components/notes/note-preview";

/**
 * Shows the server-rendered note until the editor is ready, then the editor alone, kept by the
 * notes screens' host (it may already be open, from the device). The offline shell, outside them,
 * has an editor of its own (OwnEditorIsland).
 */
export function NoteEditorIsland({
  ownerId,
  readOnly = false,
  canComment = !readOnly,
  preview,
  ...note
}: NoteEditorIslandProps) {
  const host = useNoteHost();
  return (
    host && (
      <HostedIsland
        host={host}
        note={{ ...note, ownerId: ownerId ?? note.userId, readOnly, canComment }}
        preview={preview === undefined ? <NotePreview {...note.text} /> : preview}
      />
    )
  );
}

export type NoteEditorIslandProps = {
  readOnly?: boolean;
  /** Writes comments though the note is read-only (a commenter); by default, whoever may edit. */
  canComment?: boolean;
  noteId: string;
  userId: string;
  /** Whose note it is, when it is shared with `userId`: its attachments go in the owner's folder. */
  ownerId?: string;
  text: { title: string; body: string };
  /** What shows until the editor is ready: by default the text itself, drawn here (null: a skeleton). */
  preview?: React.ReactNode;
  /** This device's copy of the note, read ahead (the app shell reads it beside the list). */
  deviceCopy?: Promise<Uint8Array[] | null>;
};
