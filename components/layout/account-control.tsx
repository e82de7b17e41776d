"use client";

import { Suspense } from "react";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";

import { Button } from "@/components/ui/button";

// The account slot of the header. Auth replaces this with a sign-in dialog and a user menu.

function SignInLink({ next }: { next: string }) {
  return (
    <Button asChild size="sm">
      {/* No prefetch: the sign-in page is only worth loading when someone asks for it. */}
      <Link href={`/sign-in?next=${encodeURIComponent(next)}`} prefetch={false}>
        Sign in
      </Link>
    </Button>
  );
}

function SignInWithQuery() {
  const pathname = usePathname();
  const query = useSearchParams().toString();
  return <SignInLink next={query ? `${pathname}?${query}` : pathname} />;
}

function SignInWithoutQuery() {
  return <SignInLink next={usePathname()} />;
}

/** Keeps the visitor's place: sign-in sends them back to the page (and query) they were on. */
export function AccountControl() {
  return (
    <Suspense fallback={<SignInWithoutQuery />}>
      <SignInWithQuery />
    </Suspense>
  );
}
