import { unzipSync } from "fflate";

import { parseEnex } from "@/lib/import/enex";
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

const KNOWN = /\.(md|markdown|txt|enex|zip)$/i;

/**
 * What the person dropped or picked (single files, several, a zip, a folder with its paths) read
 * into a plan. ENEX anywhere makes it an Evernote import; otherwise it is a vault of Markdown (an
 * Obsidian vault, plain notes or a Notion export, which the vault parser recognises).
 */
export function readExport(files: ImportEntry[]): ImportPlan {
  if (files.length === 0) throw new ImportRefusal("Choose a file or a folder to import.");
  let entries: ImportEntry[] = [];
  for (const file of files) {
    const isZip = /\.zip$/i.test(file.path) || startsWith(file.bytes, ZIP_MAGIC);
    if (isZip) entries.push(...unzipEntries(file.path.split("/").pop()!, file.bytes));
    else entries.push(file);
  }
  if (files.length === 1 && !KNOWN.test(files[0].path) && entries.length === 1)
    throw new ImportRefusal(
      `“${files[0].path.split("/").pop()}” is not a format Groundwork can import. Choose Markdown or text files, a zip of them (Obsidian, Notion), or an Evernote export (.enex).`,
    );
  entries = entries.filter((e) => !/(^|\/)(__MACOSX|\.DS_Store)/.test(e.path));
  const enex = entries.filter((e) => /\.enex$/i.test(e.path));
  if (enex.length > 0) {
    const decoder = new TextDecoder();
    return parseEnex(enex.map((e) => ({ name: e.path, text: decoder.decode(e.bytes) })));
  }
  const plan = parseMarkdownVault(entries);
  if (plan.notes.length === 0 && plan.problems.every((p) => !/UTF-8/.test(p.sentence)))
    throw new ImportRefusal(
      "There are no notes in it: Groundwork imports Markdown (.md) and text (.txt) files, and Evernote exports (.enex).",
    );
  return plan;
}
