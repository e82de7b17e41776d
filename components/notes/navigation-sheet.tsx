"use client";

import * as DialogPrimitive from "@radix-ui/react-dialog";
import { XIcon } from "lucide-react";

import { NotesNav } from "@/components/notes/notes-nav";
import { paneButton } from "@/components/notes/notes-shell";

/** Below the widest layout, the navigation (folders, tags, Trash) in a sheet from the left. */
export function NavigationSheet({
  open,
  onOpenChange,
  tags,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tags?: React.ReactNode;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40 duration-200 data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=open]:animate-in data-[state=open]:fade-in-0 motion-reduce:animate-none" />
        <DialogPrimitive.Content
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col border-r bg-background shadow-lg duration-200 outline-none data-[state=closed]:animate-out data-[state=closed]:slide-out-to-left data-[state=open]:animate-in data-[state=open]:slide-in-from-left motion-reduce:animate-none"
          aria-describedby={undefined}
        >
          <div className="flex h-11 shrink-0 items-center justify-between border-b px-3">
            <DialogPrimitive.Title className="text-sm font-semibold tracking-tight">
              Library
            </DialogPrimitive.Title>
            <DialogPrimitive.Close className={paneButton} aria-label="Close">
              <XIcon aria-hidden="true" className="size-4" />
            </DialogPrimitive.Close>
          </div>
          <NotesNav tags={tags} onNavigate={() => onOpenChange(false)} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
