"use client";

import { useTransition } from "react";
import { RotateCcwIcon, Trash2Icon } from "lucide-react";
import { toast } from "sonner";

import { deleteForever, emptyTrash, restoreNote } from "@/components/notes/actions";
import { ConfirmButton } from "@/components/notes/confirm-button";
import { Button } from "@/components/ui/button";
import { displayTitle } from "@/lib/notes/derive";
import { TRASH_DAYS } from "@/lib/notes/limits";
import type { NoteListItem } from "@/lib/notes/list";

function daysLeft(deletedAt: string): number {
  const elapsed = (Date.now() - Date.parse(deletedAt)) / 86_400_000;
  return Math.max(0, Math.ceil(TRASH_DAYS - elapsed));
}

export function TrashList({ notes }: { notes: NoteListItem[] }) {
  const [pending, startTransition] = useTransition();
  const run = (action: () => Promise<{ error?: string }>, done: string) =>
    startTransition(async () => {
      const result = await action();
      if (result.error) toast.error(result.error);
      else toast(done);
    });

  if (notes.length === 0) {
    return <p className="py-8 text-center text-muted-foreground">Trash is empty.</p>;
  }
  return (
    <div className="grid gap-4">
      <ul aria-label="Notes in Trash" className="grid divide-y rounded-lg border">
        {notes.map((note) => (
          <li key={note.id} className="flex flex-wrap items-center gap-2 p-3">
            <div className="mr-auto grid min-w-0">
              <span className="truncate font-medium">{displayTitle(note.title)}</span>
              <span className="text-sm text-muted-foreground" suppressHydrationWarning>
                Deleted for good in {daysLeft(note.deleted_at!)} days
              </span>
            </div>
            <Button
              variant="outline"
              size="sm"
              disabled={pending}
              aria-label={`Restore ${displayTitle(note.title)}`}
              onClick={() => run(() => restoreNote(note.id), "Note restored")}
            >
              <RotateCcwIcon aria-hidden="true" />
              Restore
            </Button>
            <ConfirmButton
              variant="ghost"
              size="sm"
              disabled={pending}
              aria-label={`Delete ${displayTitle(note.title)} forever`}
              title={`Delete “${displayTitle(note.title)}” forever?`}
              description="The note and its history are removed for good. This cannot be undone."
              confirmLabel="Delete forever"
              onConfirm={() => run(() => deleteForever(note.id), "Note deleted for good")}
            >
              <Trash2Icon aria-hidden="true" />
              Delete forever
            </ConfirmButton>
          </li>
        ))}
      </ul>
      <ConfirmButton
        variant="destructive"
        className="justify-self-start"
        disabled={pending}
        title="Empty Trash?"
        description={`${notes.length === 1 ? "The note in Trash is" : `All ${notes.length} notes in Trash are`} deleted for good. This cannot be undone.`}
        confirmLabel="Empty Trash"
        onConfirm={() => run(emptyTrash, "Trash emptied")}
      >
        Empty Trash
      </ConfirmButton>
    </div>
  );
}
