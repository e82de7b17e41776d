"use client";

import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { SharePeople } from "@/components/notes/share-people";
import type { FolderNode } from "@/lib/folders/tree";

/**
 * Share a folder with people: everything in it and in the folders below it, including notes filed
 * there later, as the note's Share dialog does for one note.
 */
export function ShareFolderDialog({
  folder,
  onDone,
}: {
  folder: FolderNode | null;
  onDone: () => void;
}) {
  return (
    <Dialog open={folder !== null} onOpenChange={(open) => !open && onDone()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share “{folder?.name}”</DialogTitle>
          <DialogDescription>
            The people you invite get every note in this folder and in the folders inside it,
            including notes you add later.
          </DialogDescription>
        </DialogHeader>
        {folder && <SharePeople target="folder" id={folder.id} owner />}
      </DialogContent>
    </Dialog>
  );
}
