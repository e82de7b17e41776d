"use client";

import { useTransition } from "react";
import { FileCodeIcon, FileTextIcon, PrinterIcon } from "lucide-react";
import { toast } from "sonner";

import { loadSupabase, useSupabaseConfig } from "@/components/supabase/supabase-config";
import { DropdownMenuItem, DropdownMenuSeparator } from "@/components/ui/dropdown-menu";
import { exportNote, printNote, type NoteExportKind } from "@/lib/export/run";

/** The Export menu's items: the files are made in the browser with the reader's own session. */
export function NoteExportItems({ id }: { id: string }) {
  const config = useSupabaseConfig();
  const [pending, startTransition] = useTransition();

  const run = (kind: NoteExportKind) =>
    startTransition(async () => {
      const done = await loadSupabase(config).then(
        (supabase) => exportNote(supabase, id, kind),
        (e: Error) => ({ message: e.message, error: true as const }),
      );
      if (done.error) toast.error(done.message);
      else toast.success(done.message);
    });

  return (
    <>
      <DropdownMenuItem disabled={pending} onSelect={() => run("markdown")}>
        <FileTextIcon aria-hidden="true" /> Export as Markdown
      </DropdownMenuItem>
      <DropdownMenuItem disabled={pending} onSelect={() => run("html")}>
        <FileCodeIcon aria-hidden="true" /> Export as HTML
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem onSelect={printNote}>
        <PrinterIcon aria-hidden="true" /> Print or save as PDF
      </DropdownMenuItem>
    </>
  );
}
