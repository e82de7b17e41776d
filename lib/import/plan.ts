/**
 * What an import will write, worked out in the browser before anything is written: the folders
 * (as paths), the notes (title and Markdown, attachments marked where they stand), the files
 * they hold, and what could not be read, each with a sentence.
 */

export type ImportSource = "markdown" | "enex" | "notion" | "keep" | "bear" | "apple-notes";

export type PlannedAttachment = {
  /** Where it came from (a path in the export, or a resource in an ENEX note): its key. */
  id: string;
  name: string;
  type: string;
  bytes: Uint8Array;
};

export type PlannedNote = {
  sourcePath: string;
  /** The folder path it goes in ("" for none). */
  folder: string;
  title: string;
  /**
   * The note's Markdown, title first. An attachment stands alone on its line as
   * `%%attachment:<n>%%`, n being its index in this note's `attachments`.
   */
  markdown: string;
  tags: string[];
  created: string | null;
  updated: string | null;
  /** A Notion database, its rows as a Markdown table. */
  table?: boolean;
  /** Pinned in the app it comes from (Keep, Bear). */
  pinned?: boolean;
  /** Ids of the plan's attachments this note holds, in the order its tokens number them. */
  attachments: string[];
  /** A hash of the source's content, to recognise the same note in a later import. */
  hash: string;
};

export type ImportProblem = { file: string; sentence: string };

/** The profile an export carries: brought in where the account has none yet. */
export type PlannedProfile = { displayName: string | null; avatar: PlannedAttachment | null };

export type ImportPlan = {
  source: ImportSource;
  profile?: PlannedProfile;
  folders: string[];
  notes: PlannedNote[];
  attachments: PlannedAttachment[];
  problems: ImportProblem[];
};

/**
 * A "/" inside a folder's name, in a folder path (whose parts "/" separates) and in an export's
 * file paths: the division slash, which reads the same and every file system and Obsidian take.
 */
export const FOLDER_SLASH = "\u2215";

/** A folder's own name from its part of a path. */
export function folderNameOf(part: string): string {
  return part.replaceAll(FOLDER_SLASH, "/");
}

export type ImportEntry = { path: string; bytes: Uint8Array };

export const ATTACHMENT_TOKEN = /^%%attachment:(\d+)%%$/;

export function attachmentToken(index: number): string {
  return `%%attachment:${index}%%`;
}

/** FNV-1a over the bytes, twice with different seeds: a 64-bit content key, not a security hash. */
export function contentHash(bytes: Uint8Array | string): string {
  const data = typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes;
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x9e3779b9;
  for (let i = 0; i < data.length; i++) {
    a = Math.imul(a ^ data[i], 0x01000193) >>> 0;
    b = Math.imul(b ^ data[i], 0x01000193 + 2) >>> 0;
  }
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}

/** Every distinct tag the plan's notes carry, in lower case. */
export function planTags(plan: ImportPlan): string[] {
  return [...new Set(plan.notes.flatMap((n) => n.tags.map((t) => t.toLowerCase())))].sort();
}

/** How many of the plan's notes are databases (Notion's CSVs), each a note with a table. */
export function planTables(plan: ImportPlan): number {
  return plan.notes.filter((n) => n.table).length;
}

/** Every folder path and the paths above it, parents first. */
export function withParents(paths: Iterable<string>): string[] {
  const all = new Set<string>();
  for (const path of paths) {
    const parts = path.split("/").filter(Boolean);
    for (let i = 1; i <= parts.length; i++) all.add(parts.slice(0, i).join("/"));
  }
  return [...all].sort((x, y) => x.split("/").length - y.split("/").length || x.localeCompare(y));
}

const IMAGE_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  pdf: "application/pdf",
  txt: "text/plain",
  csv: "text/csv",
  json: "application/json",
  zip: "application/zip",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  mp4: "video/mp4",
  webm: "video/webm",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
  svg: "image/svg+xml",
  html: "text/html",
};

/** A file's type from its extension (exports carry none). */
export function typeOfName(name: string): string {
  const ext = name.toLowerCase().split(".").pop() ?? "";
  return IMAGE_TYPES[ext] ?? "application/octet-stream";
}
