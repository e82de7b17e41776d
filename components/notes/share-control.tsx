"use client";

import { useState, useTransition } from "react";
import dynamic from "next/dynamic";
import { CopyIcon, GlobeIcon, Share2Icon } from "lucide-react";
import { toast } from "sonner";

import { setShareIndexable, shareNote, unshareNote } from "@/lib/share/actions";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

// Who has access is read when the dialog opens; its code comes with it, not with the note's page.
const SharePeople = dynamic(
  () => import("@/components/notes/share-people").then((m) => m.SharePeople),
  { ssr: false, loading: () => null },
);

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
  const [slug, setSlug] = useState(initialSlug);
  const [indexable, setIndexable] = useState(initialIndexable);
  const [pending, startTransition] = useTransition();

  const share = () =>
    startTransition(async () => {
      const result = await shareNote(id);
      if (result.error) toast.error(result.error);
      else setSlug(result.slug ?? null);
    });

  const stop = () =>
    startTransition(async () => {
      const result = await unshareNote(id);
      if (result.error) toast.error(result.error);
      else {
        setSlug(null);
        toast("Sharing stopped. The old link no longer works.");
      }
    });

  const toggleIndexable = (next: boolean) =>
    startTransition(async () => {
      const result = await setShareIndexable(id, next);
      if (result.error) toast.error(result.error);
      else setIndexable(next);
    });

  // Only called in the browser: the dialog's content renders once it is opened.
  const link = () => `${window.location.origin}/n/${slug}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link());
      toast.success("Link copied");
    } catch {
      toast.error("Couldn't copy. Select the link and copy it yourself.");
    }
  };

  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm">
          {slug && owner ? <GlobeIcon aria-hidden="true" /> : <Share2Icon aria-hidden="true" />}
          <span className="sr-only sm:not-sr-only">{slug && owner ? "Shared" : "Share"}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        {owner ? (
          <>
            <DialogHeader>
              <DialogTitle>{slug ? "This note is public" : "Share this note"}</DialogTitle>
              <DialogDescription>
                {slug
                  ? "Anyone with the link can read it, without an account, and sees your edits as you make them."
                  : "Sharing makes a public link that anyone can read, without an account. You can stop sharing at any time."}
              </DialogDescription>
            </DialogHeader>
            {slug ? (
              <div className="flex flex-col gap-4">
                <div className="flex flex-col gap-2">
                  <Label htmlFor="share-link">Public link</Label>
                  <div className="flex gap-2">
                    <Input
                      id="share-link"
                      readOnly
                      value={link()}
                      onFocus={(e) => e.target.select()}
                    />
                    <Button type="button" onClick={copy}>
                      <CopyIcon aria-hidden="true" />
                      Copy link
                    </Button>
                  </div>
                </div>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={indexable}
                    disabled={pending}
                    onChange={(e) => toggleIndexable(e.target.checked)}
                  />
                  Let search engines show this note
                </label>
                <Button variant="outline" onClick={stop} disabled={pending}>
                  Stop sharing
                </Button>
              </div>
            ) : (
              <Button onClick={share} disabled={pending}>
                <Share2Icon aria-hidden="true" />
                Share
              </Button>
            )}
          </>
        ) : (
          <DialogHeader>
            <DialogTitle>Shared with you</DialogTitle>
            <DialogDescription>
              The people below can open this note. Only its owner changes who has access.
            </DialogDescription>
          </DialogHeader>
        )}
        <SharePeople id={id} owner={owner} />
      </DialogContent>
    </Dialog>
  );
}
