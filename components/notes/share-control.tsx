"use client";

import { useRef, useState } from "react";
import dynamic from "next/dynamic";
import { GlobeIcon, Share2Icon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { importWhenOnline } from "@/lib/when-online";

// The dialog (its frame, the public link, the people, the invitation form) loads when its button
// is about to be used: the note's first load carries only the button.
const loadDialog = () => importWhenOnline(() => import("@/components/notes/share-dialog"));
const ShareDialog = dynamic(() => loadDialog().then((m) => m.ShareDialog), { ssr: false });
const warm = () => void loadDialog().catch(() => {});

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
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays, so it can close with its animation.
  const [asked, setAsked] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  return (
    <>
      <Button
        ref={trigger}
        variant="ghost"
        size="sm"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        {slug && owner ? <GlobeIcon aria-hidden="true" /> : <Share2Icon aria-hidden="true" />}
        <span className="sr-only sm:not-sr-only">{slug && owner ? "Shared" : "Share"}</span>
      </Button>
      {asked && (
        <ShareDialog
          open={open}
          onOpenChange={setOpen}
          returnFocusTo={trigger}
          id={id}
          owner={owner}
          slug={slug}
          onSlugChange={setSlug}
          indexable={indexable}
          onIndexableChange={setIndexable}
        />
      )}
    </>
  );
}
