"use client";

import { lazy, Suspense, useRef, useState } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";

import { Button } from "@/components/ui/button";
import { isAuthPage } from "@/lib/auth/routes";
import { returnPathFrom, signInHref } from "@/lib/auth/safe-next";
import { publicAddress } from "@/lib/security/kept-page";

const loadContent = () => import("@/components/auth/sign-in-dialog-content");
const SignInDialogContent = lazy(() =>
  loadContent().then((module) => ({ default: module.SignInDialogContent })),
);

function SignInControl({ next, onApproach }: { next: string; onApproach: () => void }) {
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
    onApproach();
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
          // Fetch the dialog while the pointer or focus is on its way, so the click opens it at once,
          // and take the address as it is now, so the link leads back to it.
          onPointerEnter={() => approach(onApproach)}
          onFocus={() => approach(onApproach)}
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

function approach(onApproach: () => void) {
  onApproach();
  void loadContent().catch(() => {});
}

/**
 * Sign in without leaving the page: on SIGNED_IN the auth listener refreshes the server-rendered
 * page for the new user, so the visitor stays exactly where they were.
 *
 * The link leads back to the address the server rendered (query included) until the router moves
 * to another path, then to the router's path; whenever someone points at it or focuses it, it
 * takes the browser's address as it is at that moment. Reading the query through the router would
 * suspend the header on every server render for a value that only matters once someone reaches
 * for the link.
 */
export function SignInDialog({ serverUrl }: { serverUrl: string }) {
  const pathname = usePathname();
  const [seen, setSeen] = useState<{ pathname: string; url: string } | null>(null);
  const here =
    seen?.pathname === pathname
      ? seen.url
      : pathname === serverUrl.split(/[?#]/, 1)[0]
        ? serverUrl
        : pathname;
  return (
    <SignInControl
      next={returnPathFrom(publicAddress(here), isAuthPage)}
      onApproach={() =>
        setSeen({ pathname, url: window.location.pathname + window.location.search })
      }
    />
  );
}
