"use client";

import Link from "next/link";

import { HostedIsland, type Host } from "@/components/notes/note-editor-host";
import { quickOpenTarget } from "@/lib/notes/quick-open";

/**
 * A click in the list: the note it opens from the device at once (`id`, with the title its row
 * shows), or only the link's address when the page is to open it.
 */
export function clickedNote(
  event: React.MouseEvent,
  onDevice: ReadonlySet<string>,
  shown: string | null,
): { href: string | null; id: string | null; title: string } | null {
  const link = (event.target as Element).closest<HTMLAnchorElement>("a[data-note-link]");
  if (!link) return null;
  const href = link.getAttribute("href");
  const id = quickOpenTarget(
    {
      href,
      button: event.button,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      shiftKey: event.shiftKey,
      altKey: event.altKey,
      target: link.getAttribute("target"),
    },
    onDevice,
    shown,
  );
  return { href, id, title: link.querySelector("b span")?.textContent ?? "" };
}

/** The note opened from the device while its page is on its way: its editor, and the toolbar's place. */
export function NoteFromDevice({ host, userId }: { host: Host; userId: string }) {
  const { opening } = host;
  if (!opening) return null;
  return (
    <div className="flex min-h-full flex-col" data-note-pane data-opened-here>
      <div className="sticky top-0 z-10 flex min-h-[45px] items-center gap-1 border-b bg-background/95 px-2 py-1.5 backdrop-blur sm:gap-2 sm:px-4">
        <Link
          href="/notes"
          className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-sm whitespace-nowrap text-muted-foreground outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 md:hidden"
        >
          <span aria-hidden="true">←</span>
          <span className="max-[400px]:sr-only">All notes</span>
        </Link>
        <div data-note-status-slot className="mr-auto" />
      </div>
      <HostedIsland
        host={host}
        note={{
          noteId: opening.id,
          userId,
          ownerId: userId,
          readOnly: false,
          canComment: true,
          text: { title: opening.title, body: "" },
        }}
        preview={
          <article className="note-prose" aria-label="Note">
            <h1>{opening.title}</h1>
          </article>
        }
        focus
      />
    </div>
  );
}
