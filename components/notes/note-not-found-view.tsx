"use client";

import Link from "next/link";

import { SettleOpening } from "@/components/notes/note-editor-host";
import { Button } from "@/components/ui/button";
import { FileQuestionIcon } from "@/components/ui/icons";

/**
 * A missing id, someone else's note and a trashed note all look the same from here. Next puts the
 * notes' not-found element into every notes page's first payload (for a `notFound()` during a
 * navigation); as a client component it travels there as a reference instead of its whole tree.
 */
export function NoteNotFoundView() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
      <SettleOpening />
      <FileQuestionIcon aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="font-mono text-sm font-medium text-muted-foreground">404</p>
      <h1 className="text-2xl font-semibold tracking-tight">This note isn&apos;t here</h1>
      <p className="text-pretty text-muted-foreground">
        It may have been moved to Trash or deleted, or the link may be mistyped.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href="/notes">All notes</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/notes/trash">Open Trash</Link>
        </Button>
      </div>
    </div>
  );
}
