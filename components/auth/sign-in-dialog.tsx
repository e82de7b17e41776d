"use client";

import { lazy, Suspense, useRef, useState } from "react";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";

import { Button } from "@/components/ui/button";
import { isAuthPage } from "@/lib/auth/routes";
import { returnPathFrom, signInHref } from "@/lib/auth/safe-next";

const loadContent = () => import("@/components/auth/sign-in-dialog-content");
const SignInDialogContent = lazy(() =>
  loadContent().then((module) => ({ default: module.SignInDialogContent })),
);

function SignInControl({ next }: { next: string }) {
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted so it can animate out and open again at once.
  const [mounted, setMounted] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  const href = signInHref(next);

  function openDialog(event: React.MouseEvent<HTMLAnchorElement>) {
    // A new tab or window still gets the sign-in page itself.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)
      return;
    event.preventDefault();
    loadContent().then(
      () => {
        setMounted(true);
        setOpen(true);
      },
      // Offline or a stale deployment: the sign-in page does the same job.
      () => window.location.assign(href),
    );
  }

  return (
    <>
      <Button asChild size="sm">
        {/* A real link first: without JavaScript it leads to the sign-in page and back here. */}
        <Link
          ref={link}
          href={href}
          prefetch={false}
          aria-haspopup="dialog"
          onClick={openDialog}
          // Fetch the dialog while the pointer or focus is on its way, so the click opens it at once.
          onPointerEnter={() => void loadContent().catch(() => {})}
          onFocus={() => void loadContent().catch(() => {})}
        >
          Sign in
        </Link>
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <SignInDialogContent
            open={open}
            onOpenChange={setOpen}
            next={next}
            returnFocusTo={link}
          />
        </Suspense>
      ) : null}
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
