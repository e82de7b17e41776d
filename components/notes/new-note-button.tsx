"use client";

import { useTransition } from "react";
import { PlusIcon } from "@/components/ui/icons";
import { toast } from "sonner";

import { useMaybeFolders } from "@/components/folders/folders-provider";
import { newNote } from "@/lib/notes/new-note";
import { Button } from "@/components/ui/button";

export function NewNoteButton({
  variant = "default",
  className,
}: {
  variant?: "default" | "outline";
  className?: string;
}) {
  const [pending, startTransition] = useTransition();
  // A note made while a folder's list is shown goes into that folder.
  const folder = useMaybeFolders()?.current ?? null;
  return (
    <Button
      variant={variant}
      className={className}
      disabled={pending}
      aria-keyshortcuts="N"
      onClick={() =>
        startTransition(async () => {
          const result = await newNote(folder);
          if (result?.error) toast.error(result.error);
        })
      }
    >
      <PlusIcon aria-hidden="true" />
      {pending ? "Creating…" : "New note"}
    </Button>
  );
}
