"use client";

import { useEffect, useState, useTransition } from "react";
import { toast } from "sonner";

import { createNote } from "@/lib/notes/actions";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { shortcutFor, SHORTCUTS } from "@/lib/notes/shortcuts";

function isField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** Focuses a note in the list: `step` from the focused (or open) one; 0 is the open one itself. */
function moveInList(step: 1 | -1 | 0) {
  const links = [...document.querySelectorAll<HTMLElement>("[data-note-link]")].filter(
    (el) => el.offsetParent !== null,
  );
  if (links.length === 0) return;
  const active = document.activeElement as HTMLElement | null;
  let index = links.findIndex((el) => el === active);
  if (index === -1) index = links.findIndex((el) => el.getAttribute("aria-current") === "page");
  const target = index === -1 ? 0 : index + step;
  const next = links[Math.min(links.length - 1, Math.max(0, target))];
  next.focus();
}

/** The notes screens' keyboard: new note, search, moving through the list, and this help. */
export function NoteShortcuts() {
  const [helpOpen, setHelpOpen] = useState(false);
  const [, startTransition] = useTransition();

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing) return;
      // An open menu in the note (the / menu, the link field) closes on Escape first.
      if (event.key === "Escape" && document.querySelector("[data-closes-on-escape]")) return;
      const action = shortcutFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        inField: isField(event.target),
        inList: event.target instanceof HTMLElement && event.target.hasAttribute("data-note-link"),
      });
      if (!action) return;
      event.preventDefault();
      if (action === "search") document.getElementById("note-search")?.focus();
      if (action === "help") setHelpOpen(true);
      if (action === "next-note") moveInList(1);
      if (action === "previous-note") moveInList(-1);
      if (action === "list") moveInList(0);
      if (action === "new-note")
        startTransition(async () => {
          const result = await createNote();
          if (result?.error) toast.error(result.error);
        });
    }
    // Capture: Escape and Ctrl/Cmd-K must reach here before the editor handles them.
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, []);

  return (
    <Dialog open={helpOpen} onOpenChange={setHelpOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>
            Single keys work when you are not typing. In the editor, Markdown works as you type: #
            for a heading, - for a list, [ ] for a checklist, &gt; for a quote, ``` for code.
          </DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          {SHORTCUTS.map((s) => (
            <div key={s.label} className="contents">
              <dt className="flex gap-1">
                {s.keys.map((k) => (
                  <kbd key={k} className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs">
                    {k}
                  </kbd>
                ))}
              </dt>
              <dd>{s.label}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
