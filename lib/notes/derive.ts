import { BODY_MAX, TITLE_MAX } from "@/lib/notes/limits";

/** Markdown block markers that say how a line looks, not what it says. */
const LINE_MARKERS = /^\s{0,3}(?:#{1,6}\s+|>\s*|[-*+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+|```\w*)/;
const INLINE_MARKERS = /(\*\*|__|~~|`)/g;
const MARKDOWN_ESCAPE = /\\([!-/:-@[-`{-~])/g;

/**
 * The first `max` characters (code points, so an emoji is never cut in half). It walks only as far
 * as the cut: every notes view cuts each row's preview from a longer start of its body.
 */
function chars(text: string, max: number): string {
  // No more UTF-16 units than `max` means no more code points either.
  if (text.length <= max) return text;
  let at = 0;
  for (let count = 0; count < max && at < text.length; count++) {
    at += text.codePointAt(at)! > 0xffff ? 2 : 1;
  }
  return text.slice(0, at);
}

/**
 * A note's title and body from the editor's Markdown: the first line that says anything is the
 * title (as in most notes apps), the rest is the body. Both are cut to the database's limits.
 */
export function deriveTitleAndBody(markdown: string): { title: string; body: string } {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const first = lines.findIndex((line) => line.replace(LINE_MARKERS, "").trim() !== "");
  if (first === -1) return { title: "", body: "" };
  const title = lines[first].replace(LINE_MARKERS, "").replace(INLINE_MARKERS, "").trim();
  const body = lines
    .slice(first + 1)
    .join("\n")
    .trim();
  return { title: chars(title, TITLE_MAX), body: chars(body, BODY_MAX) };
}

/** What a list shows for a note with no words yet. */
export function displayTitle(title: string): string {
  return title.trim() === "" ? "Untitled note" : title;
}

/** A body as one line of plain words, for the list: no Markdown markers, no line breaks. */
export function plainPreview(body: string, max = 120): string {
  const text = body
    .split("\n")
    .map((line) => line.replace(LINE_MARKERS, "").replace(INLINE_MARKERS, "").trim())
    .filter(Boolean)
    .join(" ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    // A backslash before punctuation is Markdown's escape (`\[ \]` for brackets typed as text).
    .replace(MARKDOWN_ESCAPE, "$1");
  return chars(text, max);
}
