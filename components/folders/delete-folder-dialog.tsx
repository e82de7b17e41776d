"use client";

import { useTransition } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { deleteFolder } from "@/lib/folders/actions";
import type { FolderNode } from "@/lib/folders/tree";

/** Deleting a folder asks what becomes of its notes: up one level, or to Trash with it. */
export function DeleteFolderDialog({
  folder,
  parentName,
  onDone,
}: {
  folder: FolderNode | null;
  parentName: string | null;
  onDone: () => void;
}) {
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const up = parentName ? `“${parentName}”` : "All notes";

  const choose = (contents: "parent" | "trash") =>
    startTransition(async () => {
      if (!folder) return;
      const result = await deleteFolder(folder.id, contents);
      if (result.error) {
        toast.error(result.error);
        return;
      }
      toast(
        contents === "trash"
          ? `Deleted “${folder.name}”; its notes are in Trash`
          : `Deleted “${folder.name}”; its notes moved to ${up}`,
      );
      if (pathname === "/notes" && params.get("folder") === folder.id) {
        router.push(folder.parent_id ? `/notes?folder=${folder.parent_id}` : "/notes");
      }
      onDone();
    });

  const notes = folder?.total ?? 0;
  return (
    <Dialog open={folder !== null} onOpenChange={(open) => !open && onDone()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete “{folder?.name}”?</DialogTitle>
          <DialogDescription>
            {notes === 0
              ? "It holds no notes."
              : `It holds ${notes} ${notes === 1 ? "note" : "notes"}, counting its folders. What should happen to ${notes === 1 ? "it" : "them"}?`}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter className="sm:justify-between">
          <DialogClose asChild>
            <Button variant="ghost" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="outline" disabled={pending} onClick={() => choose("trash")}>
              Move notes to Trash
            </Button>
            <Button disabled={pending} onClick={() => choose("parent")}>
              Move notes up to {up}
            </Button>
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
