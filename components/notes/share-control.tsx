"use client";

import { useState } from "react";
import dynamic from "next/dynamic";
import { Share2Icon } from "lucide-react";
import { GlobeIcon } from "@/components/ui/icons";

import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { importWhenOnline } from "@/lib/when-online";

// What the dialog holds (the public link, the people, the invitation form) loads when the dialog
// is about to open: the note's first load carries only its button.
const loadBody = () => importWhenOnline(() => import("@/components/notes/share-dialog-body"));
const ShareDialogBody = dynamic(() => loadBody().then((m) => m.ShareDialogBody), {
  ssr: false,
  loading: () => <p className="text-sm text-muted-foreground">Loading…</p>,
});
const warm = () => void loadBody().catch(() => {});

/**
 * Share / Stop sharing for the open note, with its public link ready to copy, and the people it is
 * shared with. Someone the note is shared with sees who has access, and may leave.
 */
export function ShareControl({
  id,
  slug: initialSlug,
  indexable: initialIndexable,
  owner = true,
}: {
  id: string;
  slug: string | null;
  indexable: boolean;
  owner?: boolean;
}) {
  // Kept here, not in the dialog's content, which is gone while the dialog is closed.
  const [slug, setSlug] = useState(initialSlug);
  const [indexable, setIndexable] = useState(initialIndexable);

  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          title={slug && owner ? "Shared" : "Share"}
          onPointerEnter={warm}
          onFocus={warm}
        >
          {slug && owner ? <GlobeIcon aria-hidden="true" /> : <Share2Icon aria-hidden="true" />}
          <span className="note-bar-label">{slug && owner ? "Shared" : "Share"}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
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
          onSlugChange={setSlug}
          indexable={indexable}
          onIndexableChange={setIndexable}
        />
      </DialogContent>
    </Dialog>
  );
}
