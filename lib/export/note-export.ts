/**
 * One note, or one folder of notes, as files a person takes away: Markdown in the same shape the
 * whole-account export writes (front matter, then the body; its pure code is shared, not copied),
 * with the note's attachments beside it and its links pointing at them, and HTML that opens
 * anywhere as one file. Pure: the browser fetches the rows and files, this only shapes them.
 */
import type { Element, ElementContent, Root, RootContent } from "hast";

import {
  attachmentsInMarkdown,
  ATTACHMENT_SCHEME,
  type AttachmentRef,
} from "@/lib/attachments/paths";
import { isSafeHref } from "@/lib/notes/safe-href";
import {
  folderPaths,
  noteFileName,
  noteMarkdown,
  type FolderRow,
  type NoteRow,
} from "@/supabase/functions/export-data/markdown";

export { folderPaths, noteFileName, noteMarkdown, type FolderRow, type NoteRow };

/** The columns a note's export reads, as the account export reads them. */
export const NOTE_COLUMNS =
  "id, title, body, pinned, deleted_at, share_slug, created_at, updated_at, folder_id";

/** A file's name as one archive entry: no slashes, nothing archive tools or file systems refuse. */
export function safeFileName(name: string): string {
  const safe = name
    .normalize("NFC")
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, "-")
    .replace(/^[.\s]+|[.\s]+$/g, "")
    .slice(0, 120);
  return safe || "file";
}

/** `name` unless `taken` has it (case-insensitively), else `name (2)`, `name (3)`… before its extension. */
export function uniqueName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf(".");
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : "";
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** A relative path as a Markdown or HTML link target: each segment percent-encoded. */
export function relativeHref(path: string): string {
  return path
    .split("/")
    .map((s) => encodeURIComponent(s).replace(/[()']/g, (c) => `%${c.charCodeAt(0).toString(16)}`))
    .join("/");
}

export interface PlannedAttachment extends AttachmentRef {
  /** Where the file goes, relative to the note's own file: `attachments/<name>`. */
  file: string;
}

/**
 * Where each attachment a body refers to goes: `attachments/<its shown name>`, made safe and
 * unique among the names `taken` already (one set per folder, so notes side by side never
 * overwrite each other's files).
 */
export function planAttachments(body: string, taken = new Set<string>()): PlannedAttachment[] {
  return attachmentsInMarkdown(body).map((ref) => {
    const stored = ref.path.slice(ref.path.lastIndexOf("/") + 1);
    return { ...ref, file: `attachments/${uniqueName(safeFileName(ref.name || stored), taken)}` };
  });
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The body with each `attachment:<path>` link target that `hrefs` knows replaced by its value;
 * targets it does not know (a file that could not be fetched) are left as they were.
 */
export function rewriteAttachmentLinks(body: string, hrefs: ReadonlyMap<string, string>): string {
  let out = body;
  for (const [path, href] of hrefs) {
    const target = new RegExp(`\\]\\(${escapeRegExp(ATTACHMENT_SCHEME + path)}(?=[)\\s])`, "g");
    out = out.replace(target, () => `](${href}`);
  }
  return out;
}

/** A note's Markdown file with its attachments' links pointing at `attachments/…` beside it. */
export function exportedMarkdown(
  note: NoteRow,
  folder: string | null,
  files: readonly PlannedAttachment[],
): string {
  const hrefs = new Map(files.map((f) => [f.path, relativeHref(f.file)]));
  return noteMarkdown({ ...note, body: rewriteAttachmentLinks(note.body ?? "", hrefs) }, folder);
}

/** A file name from the title for a download other than `.md` (`.zip`, `.html`). */
export function exportName(note: Pick<NoteRow, "id" | "title">, ext: string): string {
  return noteFileName({ ...blankRow, ...note }).replace(/\.md$/, `.${ext}`);
}

const blankRow: NoteRow = {
  id: "",
  title: null,
  body: null,
  pinned: null,
  deleted_at: null,
  share_slug: null,
  created_at: null,
  updated_at: null,
};

/** Bytes as base64, in chunks so a large file never overflows the call stack. */
export function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export function dataUrl(type: string, bytes: Uint8Array): string {
  const safeType = /^[\w.+-]+\/[\w.+-]+$/.test(type) ? type : "application/octet-stream";
  return `data:${safeType};base64,${base64(bytes)}`;
}

// ---- HTML ---------------------------------------------------------------------------------

const VOID = new Set(["br", "hr", "img", "input"]);
export const escapeText = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
export const escapeAttr = (s: string) => escapeText(s).replace(/"/g, "&quot;");

function attrName(key: string): string {
  if (key === "className") return "class";
  if (key === "htmlFor") return "for";
  if (/^data[A-Z]/.test(key))
    return `data-${key
      .slice(4)
      .replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
      .replace(/^-/, "")}`;
  return key.toLowerCase();
}

function attributes(props: Element["properties"]): string {
  let out = "";
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    const name = attrName(key);
    if (!/^[a-z][a-z0-9-]*$/.test(name) || name.startsWith("on")) continue;
    if (value === true) out += ` ${name}`;
    else out += ` ${name}="${escapeAttr(Array.isArray(value) ? value.join(" ") : String(value))}"`;
  }
  return out;
}

/** An HTML tree as text. Only elements and text: raw HTML and comments never reach the file. */
export function hastToHtml(node: Root | RootContent | ElementContent): string {
  switch (node.type) {
    case "root":
      return node.children.map(hastToHtml).join("");
    case "text":
      return escapeText(node.value);
    case "element": {
      const tag = node.tagName.toLowerCase();
      if (!/^[a-z][a-z0-9]*$/.test(tag) || tag === "script" || tag === "style") return "";
      const open = `<${tag}${attributes(node.properties)}>`;
      if (VOID.has(tag)) return open;
      return `${open}${node.children.map(hastToHtml).join("")}</${tag}>`;
    }
    default:
      return "";
  }
}

/** An attachment in the HTML file: its data URL, and the name a download of it takes. */
export interface InlineFile {
  src: string;
  name: string;
}

/**
 * Links and pictures made safe for a file that opens on its own: an attachment becomes its data
 * URL (a link to one downloads under its name), a target with another scheme than the web's (or
 * an attachment that could not be fetched) is dropped.
 */
function resolveUrls(node: Root | ElementContent, files: ReadonlyMap<string, InlineFile>): void {
  if (node.type !== "root" && node.type !== "element") return;
  if (node.type === "element") {
    const props = node.properties;
    for (const key of ["href", "src"] as const) {
      const value = props[key];
      if (typeof value !== "string") continue;
      if (value.startsWith(ATTACHMENT_SCHEME)) {
        const file = files.get(value.slice(ATTACHMENT_SCHEME.length));
        if (file) {
          props[key] = file.src;
          if (key === "href") props.download = file.name;
        } else delete props[key];
      } else if (!isSafeHref(value)) delete props[key];
    }
  }
  for (const child of node.children) resolveUrls(child as ElementContent, files);
}

/** Minimal type and spacing so the file reads well on screen and on paper, with no network. */
export const EXPORT_CSS = `
:root { color-scheme: light; }
body { font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1c1c1c; max-width: 42rem; margin: 2rem auto; padding: 0 1rem; }
h1, h2, h3 { line-height: 1.25; margin: 1.6em 0 .5em; break-after: avoid; }
h1:first-child { margin-top: 0; }
img { max-width: 100%; height: auto; break-inside: avoid; }
pre { background: #f4f4f5; padding: .75rem 1rem; border-radius: 6px; overflow-x: auto; white-space: pre-wrap; break-inside: avoid; }
code { font: .9em ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
:not(pre) > code { background: #f4f4f5; padding: .1em .3em; border-radius: 4px; }
blockquote { border-left: 3px solid #d4d4d8; margin-left: 0; padding-left: 1rem; color: #52525b; }
ul.contains-task-list { list-style: none; padding-left: 0; }
li.task-list-item input { margin-right: .5em; }
table { border-collapse: collapse; } th, td { border: 1px solid #d4d4d8; padding: .3rem .6rem; }
a { color: #2563eb; }
@media print { body { margin: 0; max-width: none; } a { color: inherit; } }
`
  .trim()
  .replace(/\n/g, "\n  ");

/**
 * A self-contained HTML page: `title` (already escaped) in the tab, the export's CSS and any more,
 * and `body` as it is.
 */
export function htmlPage(title: string, body: string, moreCss = ""): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
  ${EXPORT_CSS}${moreCss ? `\n  ${moreCss}` : ""}
</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** The whole HTML file for a note: its title as the heading, its body, and the CSS above. */
export function htmlDocument(title: string, bodyHtml: string): string {
  const shown = escapeText(title.trim() || "Untitled note");
  return htmlPage(shown, `<article>\n<h1>${shown}</h1>\n${bodyHtml}\n</article>`);
}

/**
 * A note's body as HTML from its HTML tree (parsed by `./markdown-html`, which loads only on
 * export), with its attachments inlined and unsafe links dropped.
 */
export function noteBodyHtml(tree: Root, files: ReadonlyMap<string, InlineFile>): string {
  resolveUrls(tree, files);
  return hastToHtml(tree);
}

/** A note's HTML file: its title, then its body as `noteBodyHtml` writes it. */
export function noteHtml(
  title: string,
  tree: Root,
  files: ReadonlyMap<string, InlineFile>,
): string {
  return htmlDocument(title, noteBodyHtml(tree, files));
}
