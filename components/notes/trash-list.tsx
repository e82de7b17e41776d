"use client";

import { useCallback, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { RotateCcwIcon } from "lucide-react";
import { Trash2Icon } from "@/components/ui/icons";
import { toast } from "sonner";

import { deleteForever, emptyTrash, restoreNote } from "@/lib/notes/actions";
import { ConfirmButton } from "@/components/notes/confirm-button";
import { MoreNotes } from "@/components/notes/more-notes";
import { usePagedList } from "@/components/notes/use-paged-list";
import { Button } from "@/components/ui/button";
import { displayTitle } from "@/lib/notes/derive";
import { emptyingProgress, emptyInRounds } from "@/lib/notes/empty-trash";
import { TRASH_DAYS } from "@/lib/notes/limits";
import {
  compareTrashed,
  fetchTrashPage,
  type NoteListItem,
  type TrashPage,
} from "@/lib/notes/list";
import type { Database } from "@/lib/supabase/database.types";
import type { SupabaseClient } from "@supabase/supabase-js";

function daysLeft(deletedAt: string): number {
  const elapsed = (Date.now() - Date.parse(deletedAt)) / 86_400_000;
  return Math.max(0, Math.ceil(TRASH_DAYS - elapsed));
}

/** The Trash, most recently trashed first: the newest page comes with the HTML, older ones on demand. */
export function TrashList({ firstPage, userId }: { firstPage: TrashPage; userId: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [progress, setProgress] = useState<{ deleted: number; total: number } | null>(null);
  const fetchPage = useCallback(
    (client: SupabaseClient<Database>, after: NoteListItem) =>
      fetchTrashPage(client, userId, after),
    [userId],
  );
  const { state, setState, loading, loadMore } = usePagedList(firstPage, fetchPage, compareTrashed);
  const notes = state.notes;
  const total = Math.max(firstPage.total ?? 0, notes.length);
  const run = (action: () => Promise<{ error?: string }>, done: string, id?: string) =>
    startTransition(async () => {
      const result = await action();
      if (result.error) return void toast.error(result.error);
      // The server's new first page replaces the list, but not older pages loaded here.
      if (id) setState((s) => ({ ...s, notes: s.notes.filter((n) => n.id !== id) }));
      toast(done);
    });
  const emptyAll = () => {
    // The total when the person confirmed: the list may refresh under the progress meanwhile.
    const of = total;
    setProgress({ deleted: 0, total: of });
    startTransition(async () => {
      const result = await emptyInRounds(emptyTrash, (deleted) =>
        setProgress({ deleted, total: of }),
      );
      setProgress(null);
      if (!result.error) return void toast("Trash emptied");
      toast.error(result.error);
      // The rounds before the error drew nothing again (only the last one does): read what is left.
      router.refresh();
    });
  };

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
              onClick={() => run(() => restoreNote(note.id), "Note restored", note.id)}
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
              onConfirm={() => run(() => deleteForever(note.id), "Note deleted for good", note.id)}
            >
              <Trash2Icon aria-hidden="true" />
              Delete forever
            </ConfirmButton>
          </li>
        ))}
      </ul>
      {state.more && <MoreNotes loading={loading} disabled={pending} onMore={loadMore} />}
      <div className="flex flex-wrap items-center gap-3">
        <ConfirmButton
          variant="destructive"
          disabled={pending}
          title="Empty Trash?"
          description={`${total === 1 ? "The note in Trash is" : `All ${total.toLocaleString("en")} notes in Trash are`} deleted for good. This cannot be undone.`}
          confirmLabel="Empty Trash"
          onConfirm={emptyAll}
        >
          Empty Trash
        </ConfirmButton>
        <p role="status" aria-live="polite" className="text-sm text-muted-foreground">
          {progress && emptyingProgress(progress.deleted, progress.total)}
        </p>
      </div>
    </div>
  );
}
