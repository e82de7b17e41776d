"use client";

import { useOptimistic, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import Link from "next/link";
import dynamic from "next/dynamic";
import { DownloadIcon, HistoryIcon, PinIcon, PinOffIcon, Trash2Icon } from "@/components/ui/icons";
import { toast } from "sonner";

import { MoveToMenu } from "@/components/folders/move-to-menu";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { restoreNote, setPinned, trashNote } from "@/lib/notes/actions";
import { importWhenOnline } from "@/lib/when-online";

const ExportItems = dynamic(() =>
  importWhenOnline(() => import("@/components/notes/note-export-items")).then(
    (m) => m.NoteExportItems,
  ),
);
const loadItems = () => void import("@/components/notes/note-export-items");

/**
 * Export for whoever can read the open note (owner, editor or viewer): Markdown, one HTML file,
 * or the browser's print dialog (where "Save as PDF" is) with the note alone on the page. The
 * items load when the menu is near use, so the note's first load carries only its button.
 */
export function NoteExportMenu({ id }: { id: string }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          title="Export"
          onPointerEnter={loadItems}
          onFocus={loadItems}
        >
          <DownloadIcon aria-hidden="true" />
          <span className="note-bar-label">Export</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <ExportItems id={id} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Pin and Delete for the open note; Delete moves it to Trash with an Undo. */
export function NoteActions({ id, pinned }: { id: string; pinned: boolean }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [optimisticPinned, setShownPinned] = useOptimistic(pinned);
  // Pinned or unpinned while offline: kept on the device, shown until the page is drawn again.
  const [keptPinned, setKeptPinned] = useState<boolean | null>(null);
  const shownPinned = keptPinned ?? optimisticPinned;

  const togglePin = () =>
    startTransition(async () => {
      if (!navigator.onLine && (await keepOffline({ pinned: !shownPinned }))) {
        setKeptPinned(!shownPinned);
        return;
      }
      setKeptPinned(null);
      setShownPinned(!shownPinned);
      const result = await setPinned(id, !shownPinned);
      if (result.error) toast.error(result.error);
    });

  // Offline, a pin or Trash waits on the device (its code is loaded only then).
  const keepOffline = (change: { pinned: boolean } | { trashed: boolean }) =>
    import("@/lib/notes/offline/organize-live").then(
      (kept) => kept.keepWhileOffline(id, change),
      () => false,
    );

  const remove = () =>
    startTransition(async () => {
      if (!navigator.onLine && (await keepOffline({ trashed: true }))) {
        // A whole page load, which the service worker answers with the device's list.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        window.location.assign("/notes");
        return;
      }
      const result = await trashNote(id);
      if (result.error) {
        toast.error(result.error);
        return;
      }
      router.push("/notes");
      toast("Moved to Trash", {
        action: {
          label: "Undo",
          onClick: async () => {
            const undone = await restoreNote(id);
            if (undone.error) toast.error(undone.error);
            else router.push(`/notes/${id}`);
          },
        },
      });
    });

  return (
    // Its buttons are the bar's own, spaced and wrapped as the others are.
    <div className="contents">
      <MoveToMenu noteId={id} />
      <Button
        variant="ghost"
        size="sm"
        title={shownPinned ? "Unpin" : "Pin"}
        aria-pressed={shownPinned}
        onClick={togglePin}
        disabled={pending}
      >
        {shownPinned ? <PinOffIcon aria-hidden="true" /> : <PinIcon aria-hidden="true" />}
        <span className="note-bar-label">{shownPinned ? "Unpin" : "Pin"}</span>
      </Button>
      <Button variant="ghost" size="sm" asChild>
        <Link href={`/notes/${id}/history`} aria-keyshortcuts="H" title="History">
          <HistoryIcon aria-hidden="true" />
          <span className="note-bar-label">History</span>
        </Link>
      </Button>
      <Button variant="ghost" size="sm" title="Delete" onClick={remove} disabled={pending}>
        <Trash2Icon aria-hidden="true" />
        <span className="note-bar-label">Delete</span>
      </Button>
    </div>
  );
}
