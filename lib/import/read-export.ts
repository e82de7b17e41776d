import { unzipSync } from "fflate";

import {
  holdsHtmlNotes,
  looksLikeAppleNotes,
  parseAppleNotes,
  type HtmlReader,
} from "@/lib/import/apple-notes";
import { looksLikeBear, parseBear } from "@/lib/import/bear";
import { parseEnex } from "@/lib/import/enex";
import { looksLikeGroundwork, parseGroundworkExport } from "@/lib/import/groundwork";
import { isKeepJson, looksLikeKeep, parseKeep } from "@/lib/import/keep";
import { parseMarkdownVault } from "@/lib/import/markdown-vault";
import type { ImportEntry, ImportPlan } from "@/lib/import/plan";

/** A file that cannot be imported at all, with the sentence that says why. */
export class ImportRefusal extends Error {}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((b, i) => bytes[i] === b);
}

/** Whether any entry of the zip is encrypted (bit 0 of a local header's flags). */
function encrypted(bytes: Uint8Array): boolean {
  for (let i = 0; i + 8 < bytes.length;) {
    if (!startsWith(bytes.subarray(i), ZIP_MAGIC)) return false;
    if (bytes[i + 6] & 1) return true;
    const view = new DataView(bytes.buffer, bytes.byteOffset + i);
    if (view.getUint16(6, true) & 8) return false; // sizes follow the data: stop looking
    const size = view.getUint32(18, true);
    const nameLength = view.getUint16(26, true);
    const extraLength = view.getUint16(28, true);
    i += 30 + nameLength + extraLength + size;
  }
  return false;
}

export function unzipEntries(name: string, bytes: Uint8Array): ImportEntry[] {
  if (startsWith(bytes, EMPTY_ZIP))
    throw new ImportRefusal(`“${name}” is an empty zip archive: there is nothing in it to import.`);
  if (!startsWith(bytes, ZIP_MAGIC))
    throw new ImportRefusal(`“${name}” is not a zip archive, or it is damaged.`);
  if (encrypted(bytes))
    throw new ImportRefusal(
      `“${name}” is protected with a password. Export it again without one, or unzip it and drop the folder.`,
    );
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch {
    throw new ImportRefusal(`“${name}” is a damaged zip archive; export it again and retry.`);
  }
  return Object.entries(files)
    .filter(([path]) => !path.endsWith("/"))
    .map(([path, data]) => ({ path: path.replace(/\\/g, "/").replace(/^\/+/, ""), bytes: data }));
}

const KNOWN = /\.(md|markdown|txt|enex|zip|json|html?|bear2bk)$/i;

/**
 * What the person dropped or picked (single files, several, a zip, a folder with its paths), every
 * zip (a `.bear2bk` backup is one) opened: the files it holds, with their paths.
 */
export function unpackExport(files: ImportEntry[]): ImportEntry[] {
  if (files.length === 0) throw new ImportRefusal("Choose a file or a folder to import.");
  const entries: ImportEntry[] = [];
  for (const file of files) {
    const name = file.path.split("/").pop()!;
    if (/\.bear2bk$/i.test(name) && !startsWith(file.bytes, ZIP_MAGIC))
      throw new ImportRefusal(`“${name}” is not a Bear backup, or it is damaged.`);
    const isZip = /\.(zip|bear2bk)$/i.test(file.path) || startsWith(file.bytes, ZIP_MAGIC);
    if (isZip) entries.push(...unzipEntries(name, file.bytes));
    else entries.push(file);
  }
  if (files.length === 1 && !KNOWN.test(files[0].path) && entries.length === 1)
    throw new ImportRefusal(
      `“${files[0].path.split("/").pop()}” is not a format Groundwork can import. Choose Markdown or text files, a zip of them (Obsidian, Notion, Bear, Apple Notes), an Evernote export (.enex), a Google Keep Takeout zip or a Bear backup (.bear2bk).`,
    );
  return entries.filter((e) => !/(^|\/)(__MACOSX|\.DS_Store)/.test(e.path));
}

const NO_NOTES =
  "There are no notes in it: Groundwork imports Markdown (.md) and text (.txt) files, Evernote exports (.enex), Google Keep Takeouts, Bear exports and Apple Notes exports (Markdown or HTML).";

/**
 * The unpacked files read into a plan, by what they are: ENEX anywhere makes it an Evernote
 * import; `account.json` beside `notes/` a Groundwork export; `Keep/*.json` a Google Keep Takeout; TextBundles (or Bear's `#closed tags#`) Bear; HTML
 * or Markdown beside an `Attachments` folder Apple Notes; anything else a vault of Markdown (an
 * Obsidian vault, plain notes or a Notion export, which the vault parser recognises). `readHtml`
 * is needed only for HTML notes (see `readExportLoading`).
 */
export function planExport(
  entries: ImportEntry[],
  readHtml?: HtmlReader,
  dropped = "The file",
): ImportPlan {
  const enex = entries.filter((e) => /\.enex$/i.test(e.path));
  if (enex.length > 0) {
    const decoder = new TextDecoder();
    return parseEnex(enex.map((e) => ({ name: e.path, text: decoder.decode(e.bytes) })));
  }
  if (looksLikeGroundwork(entries)) return parseGroundworkExport(entries);
  const jsonAlone = entries.length === 1 && /\.json$/i.test(entries[0].path);
  if (looksLikeKeep(entries) || (jsonAlone && isKeepJson(entries[0].bytes))) {
    const plan = parseKeep(entries);
    if (plan.notes.length === 0 && plan.problems.length === 0)
      throw new ImportRefusal(`${dropped} holds no Google Keep notes.`);
    return plan;
  }
  if (jsonAlone)
    throw new ImportRefusal(
      `${dropped} is not a Google Keep note. Groundwork reads Keep from its Google Takeout zip.`,
    );
  if (entries.length > 0 && entries.every((e) => /^Takeout\//.test(e.path)))
    throw new ImportRefusal(
      `${dropped} is a Google Takeout without Keep notes: choose Keep when you make the Takeout.`,
    );
  let plan: ImportPlan;
  if (looksLikeBear(entries)) plan = parseBear(entries);
  else if (holdsHtmlNotes(entries) || looksLikeAppleNotes(entries))
    plan = parseAppleNotes(entries, readHtml);
  else plan = parseMarkdownVault(entries);
  if (plan.notes.length === 0 && plan.problems.every((p) => !/UTF-8|HTML/.test(p.sentence)))
    throw new ImportRefusal(NO_NOTES);
  return plan;
}

/** What the person dropped read into a plan (HTML notes only when `readHtml` is given). */
export function readExport(files: ImportEntry[], readHtml?: HtmlReader): ImportPlan {
  return planExport(unpackExport(files), readHtml, nameOf(files));
}

function nameOf(files: ImportEntry[]): string {
  return files.length === 1 ? `“${files[0].path.split("/").pop()}”` : "What you chose";
}

/** `readExport`, loading the HTML reader (`turndown`) first when there are HTML notes. */
export async function readExportLoading(files: ImportEntry[]): Promise<ImportPlan> {
  const entries = unpackExport(files);
  const readHtml =
    holdsHtmlNotes(entries) && !looksLikeKeep(entries)
      ? (await import("@/lib/import/html-markdown")).htmlToMarkdown
      : undefined;
  return planExport(entries, readHtml, nameOf(files));
}
