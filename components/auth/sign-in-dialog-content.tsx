"use client";

import type { RefObject } from "react";

import { SignInForm } from "@/components/auth/sign-in-form";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

/**
 * The sign-in dialog itself, with its form and the form's validation: loaded only when someone
 * reaches for the header's Sign in link, so pages do not ship it to every visitor.
 */
export function SignInDialogContent({
  open,
  onOpenChange,
  next,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  next: string;
  returnFocusTo: RefObject<HTMLAnchorElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-md"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Sign in</DialogTitle>
          <DialogDescription>Welcome back. You&apos;ll stay on this page.</DialogDescription>
        </DialogHeader>
        <SignInForm next={next} onSignedIn={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
