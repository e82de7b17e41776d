import { formatBytes } from "@/lib/format-bytes";

/**
 * What the attachments bucket takes (supabase/config.toml declares the same; a unit test keeps the
 * two in step), said to people before an upload starts and when a file is refused.
 */
export const ATTACHMENTS_BUCKET = "attachments";
export const ATTACHMENT_MAX_BYTES = 50 * 1024 * 1024;
export const ATTACHMENT_MAX_TEXT = "50 MB";

/** Hosted Storage takes resumable uploads in chunks of exactly 6 MiB (the last one shorter). */
export const CHUNK_SIZE = 6 * 1024 * 1024;

/** Each allowed type with the words people know it by. No SVG or HTML: they could run script. */
export const ATTACHMENT_TYPES: Record<string, string> = {
  "image/png": "PNG",
  "image/jpeg": "JPEG",
  "image/gif": "GIF",
  "image/webp": "WebP",
  "application/pdf": "PDF",
  "text/plain": "text",
  "text/markdown": "Markdown",
  "text/csv": "CSV",
  "application/json": "JSON",
  "application/zip": "ZIP",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "Excel",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "PowerPoint",
  "audio/mpeg": "MP3",
  "audio/mp4": "M4A",
  "video/mp4": "MP4",
  "video/webm": "WebM",
};

/** The one-line summary shown beside the Attach button. */
export const ATTACHMENT_LIMITS_TEXT =
  `Up to ${ATTACHMENT_MAX_TEXT} each. Images (PNG, JPEG, GIF, WebP), PDF, text, Markdown, CSV, ` +
  "JSON, ZIP, Word, Excel, PowerPoint, MP3, M4A, MP4 and WebM.";

/**
 * What a file picker (or the installed app's share target) offers: the allowed types, plus the
 * extensions of those browsers may not type.
 */
export const ATTACHMENT_ACCEPT: string[] = [
  ...Object.keys(ATTACHMENT_TYPES),
  ".md",
  ".markdown",
  ".csv",
  ".m4a",
];

/** Browsers leave the type empty for some files; these are known by their extension. */
const BY_EXTENSION: Record<string, string> = {
  md: "text/markdown",
  markdown: "text/markdown",
  csv: "text/csv",
  txt: "text/plain",
  json: "application/json",
  m4a: "audio/mp4",
};

export function attachmentType(file: { name: string; type: string }): string {
  const type = file.type.split(";")[0].trim().toLowerCase();
  if (type) return type;
  const ext = file.name.toLowerCase().split(".").pop() ?? "";
  return BY_EXTENSION[ext] ?? "application/octet-stream";
}

/** A type for a file known only by its name (a shared page's link): for its icon, nothing more. */
export function typeFromName(name: string): string {
  const ext = name.toLowerCase().split(".").pop() ?? "";
  const known = Object.entries(ATTACHMENT_TYPES).find(
    ([type, label]) => label.toLowerCase() === ext || type.endsWith(`/${ext}`),
  );
  const office: Record<string, string> = {
    docx: "word",
    xlsx: "spreadsheet",
    pptx: "presentation",
  };
  return BY_EXTENSION[ext] ?? known?.[0] ?? (office[ext] ? `application/${office[ext]}` : "");
}

export function isImageType(type: string): boolean {
  return type.startsWith("image/");
}

/** Why a file cannot be attached, in plain words, or null when it can. */
export function refusalFor(file: { name: string; type: string; size: number }): string | null {
  if (file.size > ATTACHMENT_MAX_BYTES) {
    return `“${file.name}” is too large (${formatBytes(file.size)}): a file can be at most ${ATTACHMENT_MAX_TEXT}.`;
  }
  if (file.size === 0) return `“${file.name}” is empty, so there is nothing to attach.`;
  if (!(attachmentType(file) in ATTACHMENT_TYPES)) {
    return `“${file.name}” is a type of file that can’t be attached. Allowed: images, PDF, text, office documents, ZIP, audio and video.`;
  }
  return null;
}
