"use client";

// A client component: the page's data carries a reference and one flag instead of this markup and
// the icon's drawing (a lucide icon in a server component travels as its paths, and again as SVG).

import { NotebookPenIcon } from "lucide-react";

import { LaunchAction } from "@/components/notes/launch-action";
import { NewNoteButton } from "@/components/notes/new-note-button";

/** /notes itself: an invitation to the first note, or a hint beside the list. */
export function NotesHome({ hasNotes }: { hasNotes: boolean }) {
  return (
    <div className="flex flex-col items-center gap-4 px-4 py-20 text-center">
      <NotebookPenIcon aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 className="text-2xl font-semibold tracking-tight">
        {hasNotes ? "Pick a note" : "Write your first note"}
      </h1>
      <p className="max-w-sm text-pretty text-muted-foreground">
        {hasNotes
          ? "Choose a note from the list, or start a new one. Press ? to see keyboard shortcuts."
          : "Notes save as you type and appear on every device you are signed in on."}
      </p>
      <NewNoteButton />
      <LaunchAction />
    </div>
  );
}
