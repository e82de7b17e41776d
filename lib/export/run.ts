import type { SupabaseClient } from "@supabase/supabase-js";

import type * as Download from "@/lib/export/download";
import type { Database } from "@/lib/supabase/database.types";

type DownloadModule = typeof Download;

export type NoteExportKind = "markdown" | "html";
export type FolderExportKind = "markdown" | "html" | "print";

/**
 * What the person hears after an export: the file's name, and any file that could not come; an
 * empty folder is told apart (`empty`) from an export that failed (`error`).
 */
export type ExportOutcome = { message: string; error?: true; empty?: true };

function outcome(
  result: { file: string; missing: string[] },
  done = `Saved ${result.file}`,
): ExportOutcome {
  if (result.missing.length === 0) return { message: done };
  const names = result.missing.join(", ");
  return {
    message: `${done} without ${result.missing.length === 1 ? "a file that" : "files that"} could not be fetched: ${names}`,
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

/**
 * Exports a folder with its sub-folders: a zip of Markdown, one HTML file, or its notes in the
 * print dialog. `onProgress` hears how many notes are done, of how many, as a big folder goes.
 */
export async function exportFolder(
  supabase: SupabaseClient<Database>,
  id: string,
  kind: FolderExportKind = "markdown",
  onProgress?: (done: number, total: number) => void,
): Promise<ExportOutcome> {
  let download: DownloadModule | undefined;
  try {
    download = await import("@/lib/export/download");
    if (kind === "markdown") return outcome(await download.exportFolderMarkdown(supabase, id));
    if (kind === "html") return outcome(await download.exportFolderHtml(supabase, id, onProgress));
    const printed = await download.printFolder(supabase, id, onProgress);
    return outcome(printed, `Opened ${printed.file} to print`);
  } catch (e) {
    if (download && e instanceof download.EmptyFolderError)
      return { message: e.message, empty: true };
    return failed(e);
  }
}

/** Prints the open note alone (its print stylesheet hides the app), once a menu has closed. */
export function printNote(): void {
  setTimeout(() => window.print(), 50);
}
