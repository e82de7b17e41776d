"use client";

import Link from "next/link";
import { CompassIcon } from "lucide-react";

import { NotFoundPanel } from "@/components/layout/not-found-panel";
import { Button } from "@/components/ui/button";

/**
 * The 404 page's body. Next puts the root not-found element into every page's first HTML (for a
 * `notFound()` during navigation); as a client component it travels there as a reference of a few
 * bytes instead of its whole tree.
 */
export function NotFoundView() {
  return (
    <NotFoundPanel
      icon={CompassIcon}
      title="This page isn't here"
      reason="The address may be mistyped, or the page may have moved. A shared note whose link was turned off also ends up here."
    >
      <Button asChild>
        <Link href="/">Back to the home page</Link>
      </Button>
      <Button asChild variant="outline">
        <Link href="/docs/getting-started">Read the docs</Link>
      </Button>
    </NotFoundPanel>
  );
}
