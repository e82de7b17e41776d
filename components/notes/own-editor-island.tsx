"use client";

import { useState } from "react";

import type { NoteEditorIslandProps } from "@/components/notes/note-editor-island";
import { NoteColumn } from "@/components/notes/note-column";
import { NoteEditor, loadEditor } from "@/components/notes/note-editor-code";
import type { Role } from "@/lib/sharing/roles";

/**
 * Starts fetching the editor's code before the page knows which note it shows (the offline shell
 * reads the device's list first), so the two happen at once; the island's own load then finds it.
 */
export function preloadEditor(): void {
  loadEditor().catch(() => {
    // The island tries again itself when it renders.
  });
}

/** The editor of a page of its own (the offline shell). */
export function OwnEditorIsland({
  noteId,
  userId,
  ownerId = userId,
  text,
  preview,
  readOnly = false,
  canComment = !readOnly,
  deviceCopy,
  onShown,
}: NoteEditorIslandProps & {
  /** Called once the editor is shown (the shell draws the rest of its list only then). */
  onShown?: () => void;
}) {
  const [ready, setReady] = useState(false);
  // The role changes live when the owner makes this person a viewer, commenter or editor; until then it is
  // the one the page was served with, and the notice is in the first HTML.
  const [changedTo, setChangedTo] = useState<Role | null>(null);
  return (
    <NoteColumn
      readOnly={readOnly}
      canComment={canComment}
      changedTo={changedTo}
      ready={ready}
      preview={preview}
    >
      <NoteEditor
        key={noteId}
        noteId={noteId}
        userId={userId}
        ownerId={ownerId}
        text={text}
        hidden={!ready}
        readOnly={readOnly}
        canComment={canComment}
        deviceCopy={deviceCopy}
        onRoleChange={setChangedTo}
        onReady={() => {
          setReady(true);
          onShown?.();
        }}
      />
    </NoteColumn>
  );
}
