import Link from "next/link";
import { ArrowLeftIcon } from "@/components/ui/icons";

import "@/components/notes/back-to-notes.css";

/**
 * "← All notes", where a phone shows one pane at a time: the way back to the list from a note and
 * from the pages the navigation opens (Trash, Shared with me, a tag). Hidden once the list is
 * beside the page.
 */
export function BackToNotes({ inBar = false }: { inBar?: boolean }) {
  return (
    <Link href="/notes" className={inBar ? "note-back" : "note-back note-back-page"}>
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      {/* In the note's bar, on the narrowest phones, the arrow alone: every action fits beside it. */}
      <span className={inBar ? "max-[400px]:sr-only" : undefined}>All notes</span>
    </Link>
  );
}
