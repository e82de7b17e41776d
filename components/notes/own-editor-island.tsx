"use client";

import { useState } from "react";
import dynamic from "next/dynamic";

import type { NoteEditorIslandProps } from "@/components/notes/note-editor-island";
import { NoteSkeleton } from "@/components/notes/note-skeleton";
import { importWhenOnline } from "@/lib/when-online";

// The editor and its sync are loaded only here, so no other page ships them.
const NoteEditor = dynamic(
  () => importWhenOnline(() => import("@/components/notes/note-editor")).then((m) => m.NoteEditor),
  { ssr: false, loading: () => null },
);

/** The editor of a page of its own (the offline shell). */
export function OwnEditorIsland({
  noteId,
  userId,
  ownerId = userId,
  text,
  preview,
  readOnly = false,
}: NoteEditorIslandProps) {
  const [ready, setReady] = useState(false);
  // The role changes live when the owner makes this person a viewer or an editor; until then it is
  // the one the page was served with, and the notice is in the first HTML.
  const [changedTo, setChangedTo] = useState<"editor" | "viewer" | null>(null);
  const viewer = changedTo === null ? readOnly : changedTo === "viewer";
  return (
    <div className="note-column flex-1 px-4 pt-6 pb-[30vh] sm:px-8 sm:pt-10">
      {viewer && (
        <p role={changedTo ? "status" : "note"} className="mb-4 text-sm text-muted-foreground">
          You can view this note{changedTo ? " now" : ""}. Only its owner and editors can change it.
        </p>
      )}
      {!ready && (preview ?? <NoteSkeleton />)}
      <NoteEditor
        key={noteId}
        noteId={noteId}
        userId={userId}
        ownerId={ownerId}
        text={text}
        hidden={!ready}
        readOnly={readOnly}
        onRoleChange={setChangedTo}
        onReady={() => setReady(true)}
      />
    </div>
  );
}
