"use client";

import { useState } from "react";
import { usePathname, useSearchParams } from "next/navigation";

import { SignInForm } from "@/components/auth/sign-in-form";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";

/**
 * Sign in without leaving the page: the auth listener refreshes the server-rendered page for the
 * new user on SIGNED_IN, so the visitor stays exactly where they were.
 */
export function SignInDialog() {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const query = useSearchParams().toString();
  const here = query ? `${pathname}?${query}` : pathname;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">Sign in</Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Sign in</DialogTitle>
          <DialogDescription>Welcome back. You&apos;ll stay on this page.</DialogDescription>
        </DialogHeader>
        <SignInForm next={here} onSignedIn={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
