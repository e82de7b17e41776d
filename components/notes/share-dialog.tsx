"use client";

import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { ShareDialogBody } from "@/components/notes/share-dialog-body";

/** The Share dialog itself, loaded when its button is about to be used (see ShareControl). */
export function ShareDialog({
  open,
  onOpenChange,
  returnFocusTo,
  id,
  owner,
  slug,
  onSlugChange,
  indexable,
  onIndexableChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: React.RefObject<HTMLButtonElement | null>;
  id: string;
  owner: boolean;
  slug: string | null;
  onSlugChange: (slug: string | null) => void;
  indexable: boolean;
  onIndexableChange: (indexable: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          // Back to the Share button, which opened it outside the dialog's own trigger.
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>
            {!owner ? "Shared with you" : slug ? "This note is public" : "Share this note"}
          </DialogTitle>
          <DialogDescription>
            {!owner
              ? "The people below can open this note. Only its owner changes who has access."
              : slug
                ? "Anyone with the link can read it, without an account, and sees your edits as you make them."
                : "Sharing makes a public link that anyone can read, without an account. You can stop sharing at any time."}
          </DialogDescription>
        </DialogHeader>
        <ShareDialogBody
          id={id}
          owner={owner}
          slug={slug}
          onSlugChange={onSlugChange}
          indexable={indexable}
          onIndexableChange={onIndexableChange}
        />
      </DialogContent>
    </Dialog>
  );
}
