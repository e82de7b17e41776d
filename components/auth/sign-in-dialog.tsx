"use client";

import { Suspense, useRef, useState } from "react";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";

import { SignInForm } from "@/components/auth/sign-in-form";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { isAuthPage } from "@/lib/auth/routes";
import { returnPathFrom, signInHref } from "@/lib/auth/safe-next";

function SignInControl({ next }: { next: string }) {
  const [open, setOpen] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);

  function openDialog(event: React.MouseEvent<HTMLAnchorElement>) {
    // A new tab or window still gets the sign-in page itself.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)
      return;
    event.preventDefault();
    setOpen(true);
  }

  return (
    <>
      <Button asChild size="sm">
        {/* A real link first: without JavaScript it leads to the sign-in page and back here. */}
        <Link
          ref={link}
          href={signInHref(next)}
          prefetch={false}
          aria-haspopup="dialog"
          onClick={openDialog}
        >
          Sign in
        </Link>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          className="sm:max-w-md"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            link.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>Sign in</DialogTitle>
            <DialogDescription>Welcome back. You&apos;ll stay on this page.</DialogDescription>
          </DialogHeader>
          <SignInForm next={next} onSignedIn={() => setOpen(false)} />
        </DialogContent>
      </Dialog>
    </>
  );
}

function WithQuery() {
  const pathname = usePathname();
  const query = useSearchParams().toString();
  return (
    <SignInControl next={returnPathFrom(query ? `${pathname}?${query}` : pathname, isAuthPage)} />
  );
}

/**
 * Sign in without leaving the page: on SIGNED_IN the auth listener refreshes the server-rendered
 * page for the new user, so the visitor stays exactly where they were.
 */
export function SignInDialog({ serverPath }: { serverPath: string }) {
  // The server's copy of the URL serves the first HTML; after hydration the router's is current.
  return (
    <Suspense fallback={<SignInControl next={serverPath} />}>
      <WithQuery />
    </Suspense>
  );
}
