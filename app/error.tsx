"use client";

import { useEffect } from "react";
import Link from "next/link";
import { RotateCwIcon, TriangleAlertIcon } from "lucide-react";

import { Button } from "@/components/ui/button";

// Plain words for the person; the details go to the console (the server logs its own side).
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  const digest =
    error instanceof Error && "digest" in error && typeof error.digest === "string"
      ? error.digest
      : undefined;

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <TriangleAlertIcon aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-3xl font-bold tracking-tight text-balance">Something went wrong</h1>
      <p className="text-pretty text-muted-foreground">
        This page hit an unexpected problem. It is often temporary: try again, and if it keeps
        happening, come back in a little while.
      </p>
      {digest && <p className="font-mono text-xs text-muted-foreground">Reference: {digest}</p>}
      <div className="flex flex-wrap justify-center gap-3">
        {/* retry re-fetches the segment from the server, which also clears transient server errors. */}
        <Button onClick={() => retry()}>
          <RotateCwIcon aria-hidden="true" />
          Try again
        </Button>
        <Button asChild variant="outline">
          <Link href="/">Go to the home page</Link>
        </Button>
      </div>
    </div>
  );
}
