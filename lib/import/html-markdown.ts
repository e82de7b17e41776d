import TurndownService from "turndown";
import { gfm } from "turndown-plugin-gfm";

/**
 * HTML notes (Apple Notes as exporters write it) as Markdown, with `turndown` and its GFM plugin
 * (tables, strikethrough, `<input type=checkbox>` items). Loaded only when an import holds HTML.
 */

export type HtmlNote = {
  /** The document's `<title>`, when it has one. */
  title: string | null;
  markdown: string;
};

/** Whether a list item is a checklist item, and whether it is ticked (the classes exporters use). */
function checklistItem(node: HTMLElement): { checked: boolean } | null {
  if (node.nodeName !== "LI") return null;
  const own = `${node.getAttribute("class") ?? ""}`.toLowerCase();
  const list = `${node.parentElement?.getAttribute("class") ?? ""}`.toLowerCase();
  const box = node.querySelector("input[type=checkbox]");
  if (box && box.parentElement === node) return { checked: box.hasAttribute("checked") };
  const data = node.getAttribute("data-checked");
  const marked = /\b(checked|unchecked|done|todo|checklist-item)\b/.test(own);
  if (!marked && data === null && !/\bchecklist\b/.test(list)) return null;
  const checked = data === "true" || (/\b(checked|done)\b/.test(own) && !/\bunchecked\b/.test(own));
  return { checked };
}

/**
 * One HTML file as Markdown. `image` gets each `data:` picture's type and bytes and returns the
 * path to link it from (or null to leave it out).
 */
export function htmlToMarkdown(
  html: string,
  image: (type: string, bytes: Uint8Array) => string | null = () => null,
): HtmlNote {
  let title: string | null = null;
  const service = new TurndownService({
    headingStyle: "atx",
    bulletListMarker: "-",
    codeBlockStyle: "fenced",
    emDelimiter: "_",
  });
  service.use(gfm);
  service.remove(["script", "style", "meta", "link"]);
  service.addRule("title", {
    filter: "title",
    replacement: (content) => {
      title ??= content.trim() || null;
      return "";
    },
  });
  service.addRule("checklist", {
    filter: (node) => checklistItem(node) !== null,
    replacement: (content, node) => {
      const { checked } = checklistItem(node as HTMLElement)!;
      const text = content
        .replace(/^\s*\[[ x]\]\s*/, "")
        .replace(/\s*\n+\s*/g, " ")
        .trim();
      return `- [${checked ? "x" : " "}] ${text}\n`;
    },
  });
  service.addRule("dataImage", {
    filter: (node) =>
      node.nodeName === "IMG" && /^data:/i.test((node.getAttribute("src") ?? "").trim()),
    replacement: (_content, node) => {
      const src = (node as HTMLElement).getAttribute("src") ?? "";
      const m = /^data:([\w.+/-]+)?(;base64)?,(.*)$/is.exec(src.trim());
      if (!m || !m[2]) return "";
      let bytes: Uint8Array;
      try {
        const binary = atob(m[3].replace(/\s+/g, ""));
        bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
      } catch {
        return "";
      }
      const path = image((m[1] || "application/octet-stream").toLowerCase(), bytes);
      return path ? `\n\n![](${path})\n\n` : "";
    },
  });
  const markdown = service
    .turndown(html)
    .replace(/^(\s*)(-|\d+\.) {2,}/gm, "$1$2 ")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { title, markdown };
}
