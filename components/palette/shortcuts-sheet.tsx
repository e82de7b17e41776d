"use client";

import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { SHORTCUTS } from "@/lib/notes/shortcuts";

/** Every keyboard shortcut, from the one list the handlers use. */
export function ShortcutsSheet({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>
            Single keys work when you are not typing. In the editor, Markdown works as you type: #
            for a heading, - for a list, [ ] for a checklist, &gt; for a quote, ``` for code.
          </DialogDescription>
        </DialogHeader>
        {/* Keys beside what they do; on a phone, above it, so neither is squeezed. */}
        <dl className="grid gap-y-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6 sm:gap-y-2">
          {SHORTCUTS.map((s) => (
            <div key={s.label} className="grid gap-1 sm:contents">
              <dt className="flex flex-wrap items-start gap-1">
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
