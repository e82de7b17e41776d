"use client";

import { useSelectedLayoutSegment } from "next/navigation";

import { NoteShortcuts } from "@/components/notes/note-shortcuts";
import { cn } from "@/lib/utils";

/**
 * The list beside the open note on wide screens; on narrow ones only one of them, by URL:
 * `/notes` shows the list, `/notes/<id>` and `/notes/trash` their page.
 */
export function NotesShell({
  sidebar,
  children,
}: {
  sidebar: React.ReactNode;
  children: React.ReactNode;
}) {
  const segment = useSelectedLayoutSegment();
  const onPage = segment !== null;

  return (
    <div className="mx-auto flex w-full max-w-6xl md:h-[calc(100dvh-3.5rem)]">
      <NoteShortcuts />
      <aside
        aria-label="Notes"
        className={cn(
          "w-full shrink-0 flex-col border-r md:flex md:w-80",
          onPage ? "hidden" : "flex",
        )}
      >
        {sidebar}
      </aside>
      <div
        className={cn("min-w-0 flex-1 md:block md:overflow-y-auto", onPage ? "block" : "hidden")}
      >
        {children}
      </div>
    </div>
  );
}
