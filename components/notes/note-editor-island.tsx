"use client";

import { useState } from "react";
import dynamic from "next/dynamic";

import { NoteSkeleton } from "@/components/notes/note-skeleton";

// The editor and its sync are loaded only here, so no other page ships them.
const NoteEditor = dynamic(
  () => import("@/components/notes/note-editor").then((m) => m.NoteEditor),
  { ssr: false, loading: () => null },
);

/** Shows the server-rendered note until the editor is ready, then the editor alone. */
export function NoteEditorIsland({
  noteId,
  userId,
  ownerId = userId,
  text,
  preview,
  readOnly = false,
}: {
  readOnly?: boolean;
  noteId: string;
  userId: string;
  /** Whose note it is, when it is shared with `userId`: its attachments go in the owner's folder. */
  ownerId?: string;
  text: { title: string; body: string };
  preview: React.ReactNode;
}) {
  const [ready, setReady] = useState(false);
  return (
    <div className="note-column flex-1 px-4 pt-6 pb-[30vh] sm:px-8 sm:pt-10">
      {!ready && (preview ?? <NoteSkeleton />)}
      <NoteEditor
        key={noteId}
        noteId={noteId}
        userId={userId}
        ownerId={ownerId}
        text={text}
        hidden={!ready}
        readOnly={readOnly}
        onReady={() => setReady(true)}
      />
    </div>
  );
}
