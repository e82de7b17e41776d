"use client";

import { useEffect, useRef, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";

import { useMaybeFolders } from "@/components/folders/folders-provider";
import { moveInList, notesKeyAction } from "@/components/notes/list-stepper";
import { newNote } from "@/lib/notes/new-note";

/** The notes screens' keyboard: new note, search, moving through the list. */
export function NoteShortcuts() {
  const [, startTransition] = useTransition();
  const router = useRouter();
  // N makes the note in the folder the list shows, as the New note button does.
  const folders = useMaybeFolders();
  const folder = useRef<string | null>(null);
  useEffect(() => {
    folder.current = folders?.current ?? null;
  }, [folders]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const action = notesKeyAction(event);
      // The palette and the shortcuts sheet answer on every signed-in page (CommandPalette).
      if (!action || action === "palette" || action === "help") return;
      // H opens the open note's history; elsewhere it is an ordinary key.
      const open = /^\/notes\/([0-9a-f-]{36})$/.exec(window.location.pathname)?.[1];
      if (action === "history" && !open) return;
      event.preventDefault();
      if (action === "history") router.push(`/notes/${open}/history`);
      if (action === "search") document.getElementById("note-search")?.focus();
      if (action === "next-note") moveInList(1);
      if (action === "previous-note") moveInList(-1);
      if (action === "list") moveInList(0);
      if (action === "new-note")
        startTransition(async () => {
          const result = await newNote(folder.current);
          if (result?.error) toast.error(result.error);
        });
    }
    // Capture: Escape and Ctrl/Cmd-K must reach here before the editor handles them.
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, [router]);

  return null;
}
