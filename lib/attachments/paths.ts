/**
 * Where an attachment lives and how a note's Markdown names it. Storage holds it at
 * `<owner id>/<note id>/<stored name>`; the Markdown body refers to it as `attachment:<that path>`,
 * which only the owner's editor and the note's own share page turn into a signed URL.
 */
export const ATTACHMENT_SCHEME = "attachment:";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const PATH = new RegExp(`^${UUID}/${UUID}/[A-Za-z0-9][A-Za-z0-9._-]{0,150}$`);

/** The note's folder: every file of the note, and only those, sit right below it. */
export function noteFolder(ownerId: string, noteId: string): string {
  return `${ownerId}/${noteId}`;
}

/**
 * A storage path for a new file: a random prefix so two files of the same name never collide
 * (nothing is ever overwritten), then the name reduced to characters every URL and shell take.
 */
export function newAttachmentPath(ownerId: string, noteId: string, fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  const ext =
    dot > 0
      ? fileName
          .slice(dot + 1)
          .replace(/[^A-Za-z0-9]/g, "")
          .slice(0, 10)
      : "";
  const stem = (dot > 0 ? fileName.slice(0, dot) : fileName)
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[-._]+|[-._]+$/g, "")
    .slice(0, 80);
  const random = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) =>
    b.toString(16).padStart(2, "0"),
  ).join("");
  const name = `${random}-${stem || "file"}${ext ? `.${ext}` : ""}`;
  return `${noteFolder(ownerId, noteId)}/${name}`;
}

export function isAttachmentPath(path: string): boolean {
  return PATH.test(path);
}

/** Whether `path` is a file of this very note (a share page resolves nothing else). */
export function isInNoteFolder(path: string, ownerId: string, noteId: string): boolean {
  return isAttachmentPath(path) && path.startsWith(`${noteFolder(ownerId, noteId)}/`);
}

/** The storage path an `attachment:` URL names, or null for any other URL. */
export function pathFromUrl(url: string | undefined | null): string | null {
  if (!url?.startsWith(ATTACHMENT_SCHEME)) return null;
  const path = url.slice(ATTACHMENT_SCHEME.length);
  return isAttachmentPath(path) ? path : null;
}

export type AttachmentRef = { path: string; name: string; image: boolean };

const REF_TAIL = `](${ATTACHMENT_SCHEME}`;
const PATH_END = /[)\s]/g;

/**
 * Every attachment a Markdown body refers to (`[name](attachment:<path>)`, or `![name](…)` for a
 * picture), once each, with the name it is shown under. One pass over the text: brackets pair up
 * as Markdown pairs them (the label opens at the `[` its `]` closes), and the end of a path is
 * searched only past where the last search ended. A backtracking pattern took seconds on a body
 * full of unclosed `[`.
 */
export function attachmentsInMarkdown(markdown: string): AttachmentRef[] {
  const found = new Map<string, AttachmentRef>();
  const opens: number[] = [];
  let pathEnd = -2;
  for (let i = 0; i < markdown.length; i++) {
    const ch = markdown[i];
    if (ch === "\\") {
      i++;
    } else if (ch === "[") {
      opens.push(i);
    } else if (ch === "]") {
      const start = opens.pop();
      if (start === undefined || !markdown.startsWith(REF_TAIL, i)) continue;
      const from = i + REF_TAIL.length;
      if (pathEnd !== -1 && pathEnd < from) {
        PATH_END.lastIndex = from;
        pathEnd = PATH_END.exec(markdown)?.index ?? -1;
      }
      if (pathEnd === -1) break;
      if (markdown[pathEnd] !== ")" || pathEnd === from) continue;
      const path = markdown.slice(from, pathEnd);
      const label = markdown.slice(start + 1, i);
      opens.length = 0;
      i = pathEnd;
      if (!isAttachmentPath(path) || found.has(path)) continue;
      const image = start > 0 && markdown[start - 1] === "!";
      found.set(path, { path, name: label.replace(/\\(.)/g, "$1"), image });
    }
  }
  return [...found.values()];
}

/** Every attachment path a Markdown body refers to, once each. */
export function pathsInMarkdown(markdown: string): string[] {
  return attachmentsInMarkdown(markdown).map((a) => a.path);
}

function escapeLabel(text: string): string {
  return text.replace(/[\\[\]]/g, "\\$&").replace(/\s+/g, " ");
}

/** An attachment as Markdown: an image for pictures, a link for other files. */
export function attachmentMarkdown(a: { path: string; name: string; type: string }): string {
  const label = escapeLabel(a.name) || "file";
  const url = `${ATTACHMENT_SCHEME}${a.path}`;
  return a.type.startsWith("image/") ? `![${label}](${url})` : `[${label}](${url})`;
}

/**
 * A signed URL that downloads under `name`. storage-js encodes a `download` name twice
 * (URLSearchParams, then encodeURI over the whole URL), so a name with spaces or accents arrived
 * mangled; here it is encoded once, as Storage decodes it.
 */
export function withDownloadName(signedUrl: string, name: string): string {
  const url = new URL(signedUrl);
  url.searchParams.set("download", name);
  return url.toString();
}
