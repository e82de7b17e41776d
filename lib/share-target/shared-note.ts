import { BODY_MAX, TITLE_MAX } from "@/lib/notes/limits";

/** What another app hands over through the share sheet (the manifest's `share_target` params). */
export type SharedFields = { title: string; text: string; url: string };

export type SharedNote = { ok: true; markdown: string } | { ok: false; reason: ShareRefusal };

export type ShareRefusal = "empty" | "too-long";

/** Each field a share may carry, in characters; past this the share is refused as too long. */
export const SHARED_FIELD_MAX = BODY_MAX;

/** What a person is told when a share cannot become a note. */
export const SHARE_REFUSALS: Record<ShareRefusal, string> = {
  empty: "Nothing was shared: share some text or a link to make a note of it.",
  "too-long": "That is too long for one note. Share a shorter part of it.",
};

/** Anything but a string (a file, a repeated field) counts as not shared. */
export function sharedFields(read: (name: string) => unknown): SharedFields {
  const field = (name: string) => {
    const value = read(name);
    return typeof value === "string" ? value : "";
  };
  return { title: field("title"), text: field("text"), url: field("url") };
}

const MARKDOWN_PUNCTUATION = /[\\`*_{}[\]()<>#+!|~]/g;

/** Text shown as typed, not read as formatting (a link's words). */
function literal(text: string): string {
  return text.replace(MARKDOWN_PUNCTUATION, (c) => `\\${c}`);
}

/** A web link, or null when `raw` is not one (only http and https are made into links). */
function webLink(raw: string): string | null {
  const trimmed = raw.trim();
  if (/\s/.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A link on its own line, as `[address](address)`: the destination has what would end it early
 * (spaces, parentheses, angle brackets) percent-encoded, so the address opens as it was shared.
 */
function markdownLink(href: string, shown: string): string {
  const destination = href.replace(
    /[ ()<>]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `[${literal(shown)}](${destination})`;
}

/** A title on one line; past the database's limit it is cut at a word, with an ellipsis. */
function headingTitle(title: string): { heading: string; cut: boolean } {
  const line = title.replace(/\s+/g, " ").trim();
  const chars = Array.from(line);
  if (chars.length <= TITLE_MAX) return { heading: line, cut: false };
  const kept = chars.slice(0, TITLE_MAX - 1).join("");
  const atWord = kept.replace(/\s+\S*$/, "");
  return { heading: `${atWord.length > TITLE_MAX / 2 ? atWord : kept}…`, cut: true };
}

/** A title for a note of shared files alone: the file's name, or the first one's and a count. */
function filesTitle(names: string[]): string {
  const first = headingTitle(names[0].replace(/\s+/g, " ").trim() || "Shared file").heading;
  if (names.length === 1) return first;
  const more = names.length - 1;
  return headingTitle(`${first} and ${more} more ${more === 1 ? "file" : "files"}`).heading;
}

/**
 * The Markdown of the note a share makes: the shared title as its heading (without one, the first
 * line of the text is the note's title, as for any note), the text, and the link as a Markdown
 * link on its own line, unless the text already holds it. Apps that share a page often send the
 * link in `text` and nothing in `url` (Android does); a text that is only a link becomes the link,
 * and a note of only a link is titled with its site's name.
 * A title cut to fit keeps its whole wording at the top of the body, so nothing shared is lost.
 * A share of files alone (`fileNames`, their attachments added once uploaded) is titled after them.
 */
export function sharedNoteMarkdown(fields: SharedFields, fileNames: string[] = []): SharedNote {
  const title = fields.title.trim();
  let text = fields.text.replace(/\r\n?/g, "\n").trim();
  let url = fields.url.trim();
  if (title === "" && text === "" && url === "") {
    if (fileNames.length === 0) return { ok: false, reason: "empty" };
    // Files alone: the note is titled after them; the files follow as its attachments.
    return { ok: true, markdown: `# ${literal(filesTitle(fileNames))}` };
  }
  if (
    Array.from(fields.title).length > SHARED_FIELD_MAX ||
    Array.from(fields.text).length > SHARED_FIELD_MAX ||
    Array.from(fields.url).length > SHARED_FIELD_MAX
  )
    return { ok: false, reason: "too-long" };

  if (url === "" && webLink(text)) {
    url = text;
    text = "";
  }
  const blocks: string[] = [];
  const link = url === "" ? null : webLink(url);
  if (title === "" && text === "" && link) {
    // A note whose first line is a link would be titled by its Markdown: the site's name is.
    blocks.push(`# ${literal(new URL(link).hostname)}`);
  } else if (title !== "") {
    const { heading, cut } = headingTitle(title);
    blocks.push(`# ${literal(heading)}`);
    if (cut) blocks.push(literal(title.replace(/\s+/g, " ")));
  }
  if (text !== "") blocks.push(text);
  if (url !== "") {
    const alreadyThere = text.includes(url) || (link !== null && text.includes(link));
    if (!alreadyThere) blocks.push(link ? markdownLink(link, url) : literal(url));
  }
  const markdown = blocks.join("\n\n");
  if (Array.from(markdown).length > BODY_MAX) return { ok: false, reason: "too-long" };
  return { ok: true, markdown };
}
