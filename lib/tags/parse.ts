/**
 * Tags and links in a note's text, as Bear and Obsidian read them: `#tag` and `#tag/sub` (letters
 * and digits of any script, `-`, `_` and `/` between parts; at least one letter; after a space or
 * the start of a line, so `C#`, `a#b`, `#123` and `# Heading` are not tags), and `[[Title]]`.
 * Code (fenced, indented or inline) and URLs hold no tags. A tag's identity is its lower case.
 */

/** The longest tag path kept, and how many tags and links one note keeps. */
export const TAG_MAX = 200;
export const REFS_MAX = 500;
/** How long a link's title and its context sentence may be. */
export const LINK_TITLE_MAX = 500;
export const CONTEXT_MAX = 280;

const TAG = /(^|[\s([{"'“‘,;])#([\p{L}\p{M}\p{N}_-]+(?:\/[\p{L}\p{M}\p{N}_-]+)*)\/?/gu;
const HAS_LETTER = /\p{L}/u;
const URL = /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.|mailto:)[^\s<>]*/gi;
const LINK = /\[\[([^[\]\n]+)\]\]/g;

/** The tag path as stored and compared: lower case, no leading or trailing slashes. */
export function normalizeTag(tag: string): string | null {
  const path = tag
    .trim()
    .replace(/^#/, "")
    .replace(/^\/+|\/+$/g, "")
    .toLowerCase();
  if (path === "" || path.length > TAG_MAX) return null;
  if (!/^[\p{L}\p{M}\p{N}_-]+(?:\/[\p{L}\p{M}\p{N}_-]+)*$/u.test(path)) return null;
  return HAS_LETTER.test(path) ? path : null;
}

const blank = (match: string) => " ".repeat(match.length);

/** A tag's occurrences in one line of plain text (no code in it): where each starts and its path. */
export function findTags(text: string): { start: number; end: number; tag: string }[] {
  const scan = text.replace(URL, blank);
  const found: { start: number; end: number; tag: string }[] = [];
  for (const m of scan.matchAll(TAG)) {
    const tag = normalizeTag(m[2]);
    if (!tag) continue;
    const start = m.index + m[1].length;
    found.push({ start, end: start + 1 + m[2].length, tag });
  }
  return found;
}

/** Unique tag paths in the order they first appear. */
export function tagsInText(text: string): string[] {
  return [...new Set(findTags(text).map((t) => t.tag))];
}

/** The sentence of `text` around [start, end), cut to CONTEXT_MAX with ellipses. */
export function sentenceAround(text: string, start: number, end: number): string {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const from = Math.max(
    before.lastIndexOf("\n") + 1,
    ...[...before.matchAll(/[.!?。！？]\s+/g)].map((m) => m.index + m[0].length),
  );
  const stop = after.search(/[.!?。！？](?:\s|$)|\n/);
  const to = stop === -1 ? text.length : end + stop + 1;
  let sentence = text.slice(from, to).trim();
  if (sentence.length > CONTEXT_MAX) {
    const mid = start - from;
    const left = Math.max(0, Math.min(mid - CONTEXT_MAX / 2, sentence.length - CONTEXT_MAX));
    sentence =
      (left > 0 ? "…" : "") +
      sentence.slice(left, left + CONTEXT_MAX).trim() +
      (left + CONTEXT_MAX < sentence.length ? "…" : "");
  }
  return sentence;
}

export type LinkRef = { target: string | null; title: string; context: string };
export type NoteRefs = { tags: string[]; links: LinkRef[] };

/** `[[Title]]` links typed as text in one line: by title, each with its sentence. */
export function findTitleLinks(text: string): { start: number; end: number; title: string }[] {
  const found: { start: number; end: number; title: string }[] = [];
  for (const m of text.matchAll(LINK)) {
    const title = m[1].trim().slice(0, LINK_TITLE_MAX);
    if (title) found.push({ start: m.index, end: m.index + m[0].length, title });
  }
  return found;
}

function cap(refs: NoteRefs): NoteRefs {
  return { tags: refs.tags.slice(0, REFS_MAX), links: refs.links.slice(0, REFS_MAX) };
}

/**
 * Tags and links in Markdown (an import, an export, a shared body): fenced and indented code
 * blocks, inline code, link and image destinations and URLs are skipped; `\#` counts as `#`.
 */
export function markdownRefs(markdown: string): NoteRefs {
  const tags = new Set<string>();
  const links: LinkRef[] = [];
  let fence: string | null = null;
  for (const raw of markdown.replace(/\r\n?/g, "\n").split("\n")) {
    const opener = /^\s{0,3}(`{3,}|~{3,})/.exec(raw);
    if (fence) {
      if (opener && opener[1][0] === fence[0] && opener[1].length >= fence.length) fence = null;
      continue;
    }
    if (opener) {
      fence = opener[1];
      continue;
    }
    if (/^(?: {4}|\t)/.test(raw)) continue;
    const line = raw
      .replace(/\\([#[\]])/g, "$1")
      .replace(/(`+)[^`]*?\1/g, blank)
      .replace(/\]\([^)]*\)/g, (m) => "]" + blank(m.slice(1)))
      .replace(/<[a-z][a-z0-9+.-]*:[^>\s]*>/gi, blank);
    for (const tag of tagsInText(line)) tags.add(tag);
    for (const link of findTitleLinks(line))
      links.push({
        target: null,
        title: link.title,
        context: sentenceAround(line, link.start, link.end),
      });
  }
  return cap({ tags: [...tags], links });
}

/** The parts of a Tiptap/ProseMirror document as JSON that tags and links are read from. */
export type DocJSON = {
  type: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: { type: string }[];
  content?: DocJSON[];
};

/**
 * Tags and links in a note's document: text in code blocks, in inline code and under a URL link
 * holds no tags; a link node (`noteLink`) names its target by id, `[[Title]]` typed as text by title.
 */
export function documentRefs(doc: DocJSON): NoteRefs {
  const tags = new Set<string>();
  const links: LinkRef[] = [];
  const visit = (node: DocJSON) => {
    if (node.type === "codeBlock") return;
    const children = node.content ?? [];
    if (!children.some((c) => c.type === "text" || c.type === "noteLink")) {
      children.forEach(visit);
      return;
    }
    // One block of text: what it shows, and the same with code and URL links blanked out.
    let shown = "";
    let scan = "";
    const byId: { start: number; end: number; id: string; title: string }[] = [];
    for (const child of children) {
      if (child.type === "text") {
        const text = child.text ?? "";
        shown += text;
        const hidden = child.marks?.some((m) => m.type === "code" || m.type === "link");
        scan += hidden ? " ".repeat(text.length) : text;
      } else if (child.type === "noteLink") {
        const title = String(child.attrs?.label ?? "").slice(0, LINK_TITLE_MAX);
        const piece = `[[${title}]]`;
        byId.push({
          start: shown.length,
          end: shown.length + piece.length,
          id: String(child.attrs?.id ?? ""),
          title,
        });
        shown += piece;
        scan += " ".repeat(piece.length);
      } else if (child.type === "hardBreak") {
        shown += "\n";
        scan += "\n";
      } else {
        shown += " ";
        scan += " ";
      }
    }
    for (const tag of tagsInText(scan)) tags.add(tag);
    const found = [
      ...byId.map((l) => ({ ...l, target: l.id || null })),
      ...findTitleLinks(scan).map((l) => ({ ...l, target: null })),
    ].sort((a, b) => a.start - b.start);
    for (const l of found)
      links.push({
        target: l.target,
        title: l.title,
        context: sentenceAround(shown, l.start, l.end),
      });
  };
  visit(doc);
  return cap({ tags: [...tags], links });
}
