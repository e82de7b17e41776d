/**
 * Exports made in the browser with the person's own session, so whoever can read a note (its
 * owner, or an editor or viewer it is shared with) can take it away. Loaded with `import()` when
 * someone asks for an export: the zip writer and the Markdown parser never weigh on a page's load.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { strToU8, zipSync, type Zippable } from "fflate";

import { ATTACHMENTS_BUCKET } from "@/lib/attachments/limits";
import type { Database } from "@/lib/supabase/database.types";
import { folderGroups, folderHtmlDocument, type RenderedNote } from "@/lib/export/folder-html";
import { markdownTree } from "@/lib/export/markdown-html";
import {
  dataUrl,
  exportedMarkdown,
  exportName,
  folderPaths,
  NOTE_COLUMNS,
  noteBodyHtml,
  noteFileName,
  noteHtml,
  planAttachments,
  safeFileName,
  type FolderRow,
  type InlineFile,
  type NoteRow,
  type PlannedAttachment,
} from "@/lib/export/note-export";

type Client = SupabaseClient<Database>;

/** What an export did, for the person to hear: files that could not be fetched are named. */
export interface ExportResult {
  file: string;
  missing: string[];
}

function save(name: string, data: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; the URL is let go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

async function readNote(supabase: Client, id: string): Promise<NoteRow> {
  const { data, error } = await supabase
    .from("notes")
    .select(NOTE_COLUMNS)
    .eq("id", id)
    .maybeSingle();
  if (error) throw new Error(`The note could not be read: ${error.message}`);
  if (!data) throw new Error("This note is gone or no longer shared with you.");
  return data as NoteRow;
}

/** The person's folders (others' folders are not theirs to read: a shared note sits in none). */
async function readFolders(supabase: Client): Promise<FolderRow[]> {
  const { data, error } = await supabase
    .from("folders")
    .select("id, parent_id, name")
    .order("position");
  if (error) throw new Error(`The folders could not be read: ${error.message}`);
  return data ?? [];
}

/** Each planned file's bytes and type, fetched one at a time; those Storage refuses are left out. */
async function fetchFiles(
  supabase: Client,
  files: readonly PlannedAttachment[],
): Promise<{ got: Map<string, { bytes: Uint8Array; type: string }>; missing: string[] }> {
  const got = new Map<string, { bytes: Uint8Array; type: string }>();
  const missing: string[] = [];
  for (const f of files) {
    const { data, error } = await supabase.storage.from(ATTACHMENTS_BUCKET).download(f.path);
    if (error || !data) missing.push(f.name || f.path);
    else got.set(f.path, { bytes: new Uint8Array(await data.arrayBuffer()), type: data.type });
  }
  return { got, missing };
}

/** A body's attachments as data URLs, by their storage path, and the names of those that failed. */
async function inlineFiles(
  supabase: Client,
  body: string,
): Promise<{ inline: Map<string, InlineFile>; missing: string[] }> {
  const planned = planAttachments(body);
  const { got, missing } = await fetchFiles(supabase, planned);
  const inline = new Map<string, InlineFile>();
  for (const f of planned) {
    const file = got.get(f.path);
    if (file) inline.set(f.path, { src: dataUrl(file.type, file.bytes), name: f.file.slice(12) });
  }
  return { inline, missing };
}

/**
 * One note as Markdown: a `.md` file, or a `.zip` of it and an `attachments/` folder when it has
 * files, its links pointing at them.
 */
export async function exportNoteMarkdown(supabase: Client, id: string): Promise<ExportResult> {
  const [note, folders] = await Promise.all([readNote(supabase, id), readFolders(supabase)]);
  const folder = (note.folder_id && folderPaths(folders).get(note.folder_id)) || null;
  const planned = planAttachments(note.body ?? "");
  const { got, missing } = await fetchFiles(supabase, planned);
  const kept = planned.filter((f) => got.has(f.path));
  const markdown = exportedMarkdown(note, folder, kept);
  if (kept.length === 0) {
    const file = noteFileName(note);
    save(file, markdown, "text/markdown;charset=utf-8");
    return { file, missing };
  }
  const entries: Zippable = { [noteFileName(note)]: strToU8(markdown) };
  for (const f of kept) entries[f.file] = got.get(f.path)!.bytes;
  const file = exportName(note, "zip");
  save(file, zipSync(entries).slice().buffer, "application/zip");
  return { file, missing };
}

/**
 * One note as one HTML file that opens anywhere: its pictures and files are inside it as data
 * URLs, so it can be mailed or moved as it is, with nothing beside it to keep together.
 */
export async function exportNoteHtml(supabase: Client, id: string): Promise<ExportResult> {
  const note = await readNote(supabase, id);
  const { inline, missing } = await inlineFiles(supabase, note.body ?? "");
  const html = noteHtml(note.title ?? "", markdownTree(note.body ?? ""), inline);
  const file = exportName(note, "html");
  save(file, html, "text/html;charset=utf-8");
  return { file, missing };
}

/** A folder and every folder inside it; the folder itself stands at the top, as its own root. */
async function readFolderTree(
  supabase: Client,
  folderId: string,
): Promise<{ root: FolderRow; subtree: FolderRow[]; inside: string[] }> {
  const all = await readFolders(supabase);
  const inside = new Set([folderId]);
  for (let grew = true; grew;) {
    grew = false;
    for (const f of all)
      if (f.parent_id && inside.has(f.parent_id) && !inside.has(f.id)) {
        inside.add(f.id);
        grew = true;
      }
  }
  const root = all.find((f) => f.id === folderId);
  if (!root) throw new Error("This folder is gone.");
  // Its own folder at the top, whatever sits above it in the sidebar.
  const subtree = all
    .filter((f) => inside.has(f.id))
    .map((f) => (f.id === folderId ? { ...f, parent_id: null } : f));
  return { root, subtree, inside: [...inside] };
}

const PAGE = 200;

/** The folders' notes out of Trash, oldest first, a page at a time so a big folder streams in. */
async function* folderNotePages(
  supabase: Client,
  inside: readonly string[],
): AsyncGenerator<NoteRow[]> {
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await supabase
      .from("notes")
      .select(NOTE_COLUMNS)
      .in("folder_id", [...inside])
      .is("deleted_at", null)
      .order("created_at")
      .order("id")
      .range(from, from + PAGE - 1);
    if (error) throw new Error(`The notes could not be read: ${error.message}`);
    if (data?.length) yield data as NoteRow[];
    if (!data || data.length < PAGE) return;
  }
}

/** How many notes (out of Trash) the folders hold, for the progress the person sees. */
async function countFolderNotes(supabase: Client, inside: readonly string[]): Promise<number> {
  const { count, error } = await supabase
    .from("notes")
    .select("id", { count: "exact", head: true })
    .in("folder_id", [...inside])
    .is("deleted_at", null);
  if (error) throw new Error(`The notes could not be counted: ${error.message}`);
  return count ?? 0;
}

/** How far a long export has come: notes done, of how many. */
export type Progress = (done: number, total: number) => void;

/** Said when a folder (and every folder inside it) holds no notes. */
export class EmptyFolderError extends Error {}

/**
 * Lets the page paint and take input between notes once a slice of work (about a frame's) has
 * run, so hundreds of them never freeze the tab and small ones are not slowed by waiting.
 */
function breather(sliceMs = 12): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    since = performance.now();
  };
}

/**
 * A folder's notes as one HTML document (see `./folder-html`), each body rendered as the note's
 * HTML export renders it, pictures and files inside as data URLs. Notes are read a page at a time
 * and rendered one by one, yielding to the page between them.
 */
async function folderHtml(
  supabase: Client,
  folderId: string,
  onProgress?: Progress,
): Promise<{ name: string; html: string; missing: string[] }> {
  const { root, subtree, inside } = await readFolderTree(supabase, folderId);
  const total = await countFolderNotes(supabase, inside);
  if (total === 0) throw new EmptyFolderError(`“${root.name}” has no notes to export.`);
  onProgress?.(0, total);
  const rendered: (RenderedNote & { folder_id: string | null })[] = [];
  const missing: string[] = [];
  const breathe = breather();
  for await (const page of folderNotePages(supabase, inside)) {
    for (const note of page) {
      const body = note.body ?? "";
      const files = await inlineFiles(supabase, body);
      missing.push(...files.missing);
      rendered.push({
        title: note.title,
        folder_id: note.folder_id ?? null,
        html: noteBodyHtml(markdownTree(body), files.inline),
      });
      onProgress?.(rendered.length, Math.max(total, rendered.length));
      await breathe();
    }
  }
  const html = folderHtmlDocument(root.name, folderGroups(subtree, folderId, rendered));
  return { name: root.name, html, missing };
}

/**
 * A folder as one HTML file: a table of contents, then its notes and its sub-folders' notes,
 * each as the note's own HTML export shows it.
 */
export async function exportFolderHtml(
  supabase: Client,
  folderId: string,
  onProgress?: Progress,
): Promise<ExportResult> {
  const { name, html, missing } = await folderHtml(supabase, folderId, onProgress);
  const file = `${safeFileName(name)}.html`;
  save(file, html, "text/html;charset=utf-8");
  return { file, missing };
}

let printFrame: HTMLIFrameElement | null = null;

/**
 * A folder on paper (or in a PDF from the print dialog): the same document as its HTML file, one
 * note per page, printed from a frame of its own that runs no script. The frame stays (out of
 * sight) until the next folder is printed, so the browser's dialog always has it to print from.
 */
export async function printFolder(
  supabase: Client,
  folderId: string,
  onProgress?: Progress,
): Promise<ExportResult> {
  const { name, html, missing } = await folderHtml(supabase, folderId, onProgress);
  printFrame?.remove();
  const frame = document.createElement("iframe");
  printFrame = frame;
  // Scripts stay off inside; same origin lets this page ask it to print, modals allow the dialog.
  frame.setAttribute("sandbox", "allow-same-origin allow-modals");
  // Out of sight and out of reach: neither Tab nor a screen reader wanders into its links.
  frame.setAttribute("aria-hidden", "true");
  frame.inert = true;
  frame.tabIndex = -1;
  frame.title = `${name}, for printing`;
  frame.dataset.folderPrint = "";
  frame.style.cssText =
    "position:fixed;left:-10000px;top:0;width:800px;height:600px;border:0;pointer-events:none";
  const loaded = new Promise<void>((resolve) =>
    frame.addEventListener("load", () => resolve(), { once: true }),
  );
  frame.srcdoc = html;
  document.body.append(frame);
  await loaded;
  const view = frame.contentWindow;
  if (!view) throw new Error("The folder could not be made ready to print.");
  // Pictures are data URLs, but decode before the dialog lays out its pages.
  await Promise.all([...view.document.images].map((img) => img.decode().catch(() => undefined)));
  view.focus();
  view.print();
  frame.dataset.printed = "";
  return { file: name, missing };
}

/**
 * A folder as a zip: its notes (out of Trash) as Markdown, its sub-folders as folders, and each
 * folder's attachments in an `attachments/` folder beside its notes.
 */
export async function exportFolderMarkdown(
  supabase: Client,
  folderId: string,
): Promise<ExportResult> {
  const { root, subtree, inside } = await readFolderTree(supabase, folderId);
  const paths = folderPaths(subtree);
  const notes: NoteRow[] = [];
  for await (const page of folderNotePages(supabase, inside)) notes.push(...page);

  const entries: Zippable = {};
  const takenIn = new Map<string, Set<string>>();
  const missing: string[] = [];
  for (const path of paths.values()) entries[`${path}/`] = new Uint8Array(0);
  for (const note of notes) {
    const dir = paths.get(note.folder_id ?? "") ?? paths.get(folderId)!;
    if (!takenIn.has(dir)) takenIn.set(dir, new Set());
    const planned = planAttachments(note.body ?? "", takenIn.get(dir));
    const fetched = await fetchFiles(supabase, planned);
    missing.push(...fetched.missing);
    const kept = planned.filter((f) => fetched.got.has(f.path));
    entries[`${dir}/${noteFileName(note)}`] = strToU8(exportedMarkdown(note, dir, kept));
    for (const f of kept) entries[`${dir}/${f.file}`] = fetched.got.get(f.path)!.bytes;
  }
  const file = `${safeFileName(root.name)}.zip`;
  save(file, zipSync(entries).slice().buffer, "application/zip");
  return { file, missing };
}
