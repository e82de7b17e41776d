import type { Metadata } from "next";
import Link from "next/link";
import { LinkIcon } from "lucide-react";

import { NotFoundPanel } from "@/components/layout/not-found-panel";
import { Button } from "@/components/ui/button";

export const metadata: Metadata = {
  title: "Shared note not found",
  robots: { index: false, follow: false },
};

export default function SharedNoteNotFound() {
  return (
    <NotFoundPanel
      icon={LinkIcon}
      title="This shared note isn't here"
      reason="The link may be mistyped, or its owner may have stopped sharing the note. Ask them for a new link."
    >
      <Button asChild>
        <Link href="/">Go to the home page</Link>
      </Button>
    </NotFoundPanel>
  );
}
