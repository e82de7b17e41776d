"use client";

import Link from "next/link";
import { CompassIcon } from "lucide-react";

import { Button } from "@/components/ui/button";

/**
 * The 404 page's body. Next puts the root not-found element into every page's first HTML (for a
 * `notFound()` during navigation); as a client component it travels there as a reference of a few
 * bytes instead of its whole tree.
 */
export function NotFoundView() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <CompassIcon aria-hidden="true" className="size-7" />
      </span>
      <p className="font-mono text-sm font-medium text-muted-foreground">404</p>
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        This page isn&apos;t here
      </h1>
      <p className="text-pretty text-muted-foreground">
        The address may be mistyped, or the page may have moved. A shared note whose link was turned
        off also ends up here.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href="/">Back to the home page</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/docs/getting-started">Read the docs</Link>
        </Button>
      </div>
    </div>
  );
}
