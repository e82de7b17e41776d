"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { tagHref } from "@/lib/notes/editor/refs-source";
import { renameTag } from "@/lib/tags/actions";

/** Renames the tag in every note that carries it; the tag's view follows the new name. */
export function RenameTag({ tag }: { tag: string }) {
  const id = useId();
  const router = useRouter();
  const [name, setName] = useState(tag);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const result = await renameTag(tag, name);
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
