import type { Metadata } from "next";
import Link from "next/link";
import { LinkIcon } from "lucide-react";

import { Button } from "@/components/ui/button";

export const metadata: Metadata = {
  title: "Shared note not found",
  robots: { index: false, follow: false },
};

export default function SharedNoteNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <LinkIcon aria-hidden="true" className="size-7" />
      </span>
      <p className="font-mono text-sm font-medium text-muted-foreground">404</p>
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        This shared note isn&apos;t here
      </h1>
      <p className="text-pretty text-muted-foreground">
        The link may be mistyped, or its owner may have stopped sharing the note. Ask them for a new
        link.
      </p>
      <Button asChild>
        <Link href="/">Go to the home page</Link>
      </Button>
    </div>
  );
}
