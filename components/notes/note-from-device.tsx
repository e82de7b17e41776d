"use client";

import { BackToNotes } from "@/components/notes/back-to-notes";
import { HostedIsland, type Host } from "@/components/notes/note-editor-host";
import { quickOpenTarget } from "@/lib/notes/quick-open";

import "@/components/notes/note-view.css";

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
      {/* As tall as the note's bar with its buttons, so nothing moves when the page arrives. */}
      <div className="note-bar min-h-[45px]">
        <BackToNotes inBar />
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
