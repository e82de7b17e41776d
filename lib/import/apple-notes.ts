import type { HtmlNote } from "@/lib/import/html-markdown";
import { parseMarkdownVault } from "@/lib/import/markdown-vault";
import type { ImportEntry, ImportPlan } from "@/lib/import/plan";

const HTML_FILE = /\.html?$/i;
const NOTE_FILE = /\.(md|markdown|txt)$/i;

/** The HTML reader (`html-markdown.ts`), handed in so `turndown` loads only when it is needed. */
export type HtmlReader = (
  html: string,
  image: (type: string, bytes: Uint8Array) => string | null,
) => HtmlNote;

const EXTENSION: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/heic": "heic",
  "application/pdf": "pdf",
};

/** Whether the entries hold HTML notes (Apple Notes as exporters write it). */
export function holdsHtmlNotes(entries: ImportEntry[]): boolean {
  return entries.some((e) => HTML_FILE.test(e.path));
}

/**
 * Whether the entries are Apple Notes' own Markdown export: its notes beside an `Attachments`
 * folder (and no Obsidian settings, whose vaults often have one too).
 */
export function looksLikeAppleNotes(entries: ImportEntry[]): boolean {
  if (entries.some((e) => /(^|\/)\.obsidian\//.test(e.path))) return false;
  const noteDirs = new Set(
    entries.filter((e) => NOTE_FILE.test(e.path)).map((e) => e.path.replace(/\/?[^/]*$/, "")),
  );
  return entries.some((e) => {
    const m = /^(.*?)\/?Attachments\/[^/]+$/.exec(e.path);
    return m !== null && noteDirs.has(m[1]);
  });
}

const yamlString = (text: string) => `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
const linkSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/\(/g, "%28").replace(/\)/g, "%29");

/**
 * Apple Notes: its Markdown export (a folder per account and folder, `.md` notes with their
 * `Attachments`) and HTML files from exporters, each turned into Markdown with `readHtml`; the
 * pictures embedded in HTML (`data:` images) become files beside it. Folders, checklists and
 * pictures in place then come from reading the whole as a vault.
 */
export function parseAppleNotes(input: ImportEntry[], readHtml?: HtmlReader): ImportPlan {
  const entries: ImportEntry[] = [];
  const problems: ImportPlan["problems"] = [];
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const encoder = new TextEncoder();
  for (const entry of input) {
    if (!HTML_FILE.test(entry.path)) {
      entries.push(entry);
      continue;
    }
    const name = entry.path.split("/").pop() ?? entry.path;
    const dir = entry.path.slice(0, entry.path.length - name.length);
    const stem = name.replace(HTML_FILE, "");
    if (!readHtml) {
      problems.push({ file: name, sentence: "HTML could not be read here, so it was left out." });
      continue;
    }
    let note: HtmlNote;
    try {
      let n = 0;
      note = readHtml(decoder.decode(entry.bytes), (type, bytes) => {
        const file = `${stem} files/image-${++n}.${EXTENSION[type] ?? "bin"}`;
        entries.push({ path: `${dir}${file}`, bytes });
        return file.split("/").map(linkSegment).join("/");
      });
    } catch {
      problems.push({
        file: name,
        sentence: "It is not readable HTML in UTF-8, so this note was left out.",
      });
      continue;
    }
    const heading = /^#\s+(.+)/.exec(note.markdown)?.[1]?.trim();
    const title = note.title || heading || stem;
    const front = `---\ntitle: ${yamlString(title)}\n---\n`;
    entries.push({ path: `${dir}${stem}.md`, bytes: encoder.encode(front + note.markdown) });
  }
  const plan = parseMarkdownVault(entries);
  plan.source = "apple-notes";
  plan.problems = [...problems, ...plan.problems];
  return plan;
}
