"use client";

import { useTransition } from "react";
import { CopyIcon, Share2Icon } from "lucide-react";
import { toast } from "sonner";

import { setShareIndexable, shareNote, unshareNote } from "@/lib/share/actions";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SharePeople } from "@/components/notes/share-people";

/**
 * The Share dialog's content: for the owner, the public link (make it, copy it, let search engines
 * show it, stop it); for everyone, the people with access.
 */
export function ShareDialogBody({
  id,
  owner,
  slug,
  onSlugChange,
  indexable,
  onIndexableChange,
}: {
  id: string;
  owner: boolean;
  slug: string | null;
  onSlugChange: (slug: string | null) => void;
  indexable: boolean;
  onIndexableChange: (indexable: boolean) => void;
}) {
  const [pending, startTransition] = useTransition();

  const share = () =>
    startTransition(async () => {
      const result = await shareNote(id);
      if (result.error) toast.error(result.error);
      else onSlugChange(result.slug ?? null);
    });

  const stop = () =>
    startTransition(async () => {
      const result = await unshareNote(id);
      if (result.error) toast.error(result.error);
      else {
        onSlugChange(null);
        toast("Sharing stopped. The old link no longer works.");
      }
    });

  const toggleIndexable = (next: boolean) =>
    startTransition(async () => {
      const result = await setShareIndexable(id, next);
      if (result.error) toast.error(result.error);
      else onIndexableChange(next);
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
    <>
      {owner &&
        (slug ? (
          <div className="flex flex-col gap-4">
            <div className="flex flex-col gap-2">
              <Label htmlFor="share-link">Public link</Label>
              <div className="flex gap-2">
                <Input id="share-link" readOnly value={link()} onFocus={(e) => e.target.select()} />
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
        ))}
      <SharePeople id={id} owner={owner} />
    </>
  );
}
