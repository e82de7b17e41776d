/**
 * Front matter at the top of a Markdown file: the small part of YAML notes apps write (`key:
 * value`, quoted strings, `[a, b]` lists and `- item` lists). Anything else is kept as text of
 * its key and otherwise ignored; a block that does not close is no front matter at all.
 */

export type FrontMatter = Record<string, string | string[]>;

function unquote(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && ((v[0] === '"' && v.endsWith('"')) || (v[0] === "'" && v.endsWith("'"))))
    return v.slice(1, -1).replace(v[0] === "'" ? /''/g : /\\"/g, v[0]);
  return v;
}

function inlineList(value: string): string[] {
  return value
    .slice(1, -1)
    .split(",")
    .map(unquote)
    .filter((item) => item !== "");
}

export function splitFrontMatter(text: string): { data: FrontMatter; body: string } {
  const source = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  if (!source.startsWith("---\n")) return { data: {}, body: source };
  const end = source.indexOf("\n---", 3);
  if (end === -1) return { data: {}, body: source };
  const after = source.slice(end + 4);
  if (after !== "" && !after.startsWith("\n")) return { data: {}, body: source };
  const data: FrontMatter = {};
  let listKey: string | null = null;
  for (const line of source.slice(4, end).split("\n")) {
    const item = /^\s*-\s+(.*)$/.exec(line);
    if (item && listKey) {
      const list = data[listKey];
      data[listKey] = [...(Array.isArray(list) ? list : []), unquote(item[1])];
      continue;
    }
    const pair = /^([A-Za-z0-9_-]+)\s*:\s*(.*)$/.exec(line);
    if (!pair) continue;
    const key = pair[1].toLowerCase();
    const value = pair[2].trim();
    listKey = null;
    if (value === "") {
      data[key] = [];
      listKey = key;
    } else if (value.startsWith("[") && value.endsWith("]")) data[key] = inlineList(value);
    else data[key] = unquote(value);
  }
  return { data, body: after.replace(/^\n/, "") };
}

/** A front matter date (`2024-01-31`, `2024-01-31 10:00`, ISO) as ISO 8601, or null. */
export function frontMatterDate(value: string | string[] | undefined): string | null {
  if (typeof value !== "string" || value === "") return null;
  const normal = /^\d{4}-\d{2}-\d{2} \d/.test(value) ? value.replace(" ", "T") : value;
  const time = Date.parse(normal);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** Tags from front matter (`tags: a, b`, `tags: [a, b]`, a list), as `#tag` paths. */
export function frontMatterTags(value: string | string[] | undefined): string[] {
  const raw = Array.isArray(value) ? value : typeof value === "string" ? value.split(/[,\s]+/) : [];
  return raw
    .map((tag) => tag.trim().replace(/^#/, "").replace(/\s+/g, "-"))
    .filter((tag) => /\p{L}/u.test(tag) && /^[\p{L}\p{M}\p{N}_/-]+$/u.test(tag));
}
