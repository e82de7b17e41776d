import type { SupabaseClient } from "@supabase/supabase-js";

import type { Database } from "@/lib/supabase/database.types";

export type NoteExportKind = "markdown" | "html";

/** What the person hears after an export: the file's name, and any file that could not come. */
export type ExportOutcome = { message: string; error?: true };

function outcome(result: { file: string; missing: string[] }): ExportOutcome {
  if (result.missing.length === 0) return { message: `Saved ${result.file}` };
  const names = result.missing.join(", ");
  return {
    message: `Saved ${result.file} without ${result.missing.length === 1 ? "a file that" : "files that"} could not be fetched: ${names}`,
    error: true,
  };
}

const failed = (e: unknown): ExportOutcome => ({
  message: e instanceof Error ? e.message : "The export could not be made.",
  error: true,
});

/** Exports one note; the exporter (zip writer, Markdown parser) loads only now. */
export async function exportNote(
  supabase: SupabaseClient<Database>,
  id: string,
  kind: NoteExportKind,
): Promise<ExportOutcome> {
  try {
    const { exportNoteHtml, exportNoteMarkdown } = await import("@/lib/export/download");
    return outcome(await (kind === "html" ? exportNoteHtml : exportNoteMarkdown)(supabase, id));
  } catch (e) {
    return failed(e);
  }
}

/** Exports a folder with its sub-folders as a zip of Markdown. */
export async function exportFolder(
  supabase: SupabaseClient<Database>,
  id: string,
): Promise<ExportOutcome> {
  try {
    const { exportFolderMarkdown } = await import("@/lib/export/download");
    return outcome(await exportFolderMarkdown(supabase, id));
  } catch (e) {
    return failed(e);
  }
}

/** Prints the open note alone (its print stylesheet hides the app), once a menu has closed. */
export function printNote(): void {
  setTimeout(() => window.print(), 50);
}
