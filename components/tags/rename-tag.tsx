"use client";

import { useEffect, useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { tagHref } from "@/lib/notes/editor/refs-source";
import { renameTag } from "@/lib/tags/actions";
import { normalizeTag } from "@/lib/tags/parse";
import {
  checkRename,
  PENDING_RENAMES_EVENT,
  pendingRenames,
  queueRename,
  renamedTag,
  type PendingRename,
} from "@/lib/tags/pending-renames";

/**
 * Renames the tag in every note that carries it; the tag's view follows the new name. Offline, the
 * rename is kept on this device, shown at once in the tag tree, and carried out when the network
 * is back (the tag tree sends it).
 */
export function RenameTag({ tag, userId }: { tag: string; userId: string }) {
  const id = useId();
  const router = useRouter();
  const [name, setName] = useState(tag);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  // What this tag becomes once the renames waiting on this device are carried out.
  const [becomes, setBecomes] = useState<string | null>(null);

  useEffect(() => {
    let shown: string | null = null;
    const read = () => {
      const after = renamedTag(tag, pendingRenames(localStorage, userId));
      const next = after === tag ? null : after;
      // Carried out meanwhile: the view follows the new name.
      if (shown && !next) {
        router.push(tagHref(shown));
        router.refresh();
      }
      shown = next;
      setBecomes(next);
    };
    read();
    window.addEventListener(PENDING_RENAMES_EVENT, read);
    window.addEventListener("storage", read);
    return () => {
      window.removeEventListener(PENDING_RENAMES_EVENT, read);
      window.removeEventListener("storage", read);
    };
  }, [router, tag, userId]);

  const keepForLater = (rename: PendingRename) => {
    try {
      queueRename(localStorage, userId, rename);
    } catch {
      setError("This device could not keep the rename. Try again when you are online.");
      return;
    }
    setError(null);
    window.dispatchEvent(new Event(PENDING_RENAMES_EVENT));
    toast(
      `Renamed #${rename.from} to #${rename.to} on this device. Its notes change when you are back online.`,
    );
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = checkRename(becomes ?? tag, name, normalizeTag);
    if ("error" in checked) {
      setError(checked.error);
      return;
    }
    if (checked.rename.from === checked.rename.to) return;
    if (!navigator.onLine || pendingRenames(localStorage, userId).length > 0) {
      // Offline, or after renames still waiting: kept, in order.
      keepForLater(checked.rename);
      return;
    }
    startTransition(async () => {
      let result;
      try {
        result = await renameTag(tag, name);
      } catch {
        // The server could not be reached: kept for when it can.
        keepForLater(checked.rename);
        return;
      }
      if (result.error) {
        setError(result.error);
        return;
      }
      setError(null);
      const count = result.notes ?? 0;
      toast(
        `Renamed #${tag} to #${result.tag} in ${count} ${count === 1 ? "note" : "notes"}.` +
          (result.skipped ? ` ${result.skipped} could not be changed.` : ""),
      );
      router.push(tagHref(result.tag ?? tag));
      router.refresh();
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-2 border-t pt-4">
      <Label htmlFor={id}>Rename tag</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={id}
          value={name}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className="max-w-xs"
          autoComplete="off"
          spellCheck={false}
        />
        <Button type="submit" variant="outline" disabled={pending || name.trim() === ""}>
          {pending ? "Renaming…" : "Rename"}
        </Button>
      </div>
      {becomes && (
        <p role="status" className="text-sm">
          Renamed to #{becomes} on this device: its notes change when you are back online.
        </p>
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          Changes the tag in every note that carries it, sub-tags too.
        </p>
      )}
    </form>
  );
}
