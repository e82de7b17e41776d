import { SaxesParser } from "saxes";

import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES } from "@/lib/attachments/limits";
import {
  attachmentToken,
  contentHash,
  typeOfName,
  withParents,
  type ImportPlan,
  type PlannedAttachment,
} from "@/lib/import/plan";
import { tagsInText } from "@/lib/tags/parse";

/** HTML's names that ENML carries but XML does not know, as the numbers XML reads. */
const HTML_ENTITIES: Record<string, string> = {
  nbsp: "#160",
  copy: "#169",
  reg: "#174",
  hellip: "#8230",
  mdash: "#8212",
  ndash: "#8211",
  lsquo: "#8216",
  rsquo: "#8217",
  ldquo: "#8220",
  rdquo: "#8221",
  bull: "#8226",
  euro: "#8364",
  middot: "#183",
  times: "#215",
};

function xmlEntities(text: string): string {
  return text.replace(/&([a-z]+);/gi, (whole, name: string) =>
    HTML_ENTITIES[name.toLowerCase()] ? `&${HTML_ENTITIES[name.toLowerCase()]};` : whole,
  );
}

/** `20240131T101500Z` as ISO 8601, or null. */
export function enexDate(value: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value.trim());
  if (!m) return null;
  return new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6])).toISOString();
}

function base64Bytes(text: string): Uint8Array {
  const clean = text.replace(/\s+/g, "");
  const binary = atob(clean);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const BLOCKS = new Set(["div", "p", "blockquote", "pre", "table", "ul", "ol", "en-note", "hr"]);
const INLINE: Record<string, string> = {
  b: "**",
  strong: "**",
  i: "_",
  em: "_",
  s: "~~",
  strike: "~~",
  del: "~~",
  code: "`",
};

/**
 * A note's ENML (Evernote's XHTML) as Markdown: paragraphs, headings, lists, checklists
 * (`en-todo`), emphasis, links, tables as rows of text, and each `en-media` as an attachment
 * token for the nth distinct media hash. Throws on XML that does not parse.
 */
export function enmlToMarkdown(enml: string, mediaIndex: (hash: string) => number | null): string {
  const parser = new SaxesParser();
  const lines: string[] = [];
  let line = "";
  let prefix = "";
  const lists: ("ul" | "ol")[] = [];
  let pre = 0;
  let cells: string[] | null = null;
  const links: string[] = [];
  const flush = () => {
    const text = pre ? line : line.replace(/\s+/g, " ").trim();
    if (cells) return;
    if (text !== "" || /\[[ x]\] $/.test(prefix)) lines.push(prefix + text);
    line = "";
    prefix = "";
  };
  parser.on("opentag", (tag) => {
    const name = tag.name.toLowerCase();
    if (/^h[1-6]$/.test(name)) {
      flush();
      prefix = `${"#".repeat(Number(name[1]))} `;
    } else if (name === "li") {
      flush();
      const depth = Math.max(lists.length - 1, 0);
      prefix = `${"  ".repeat(depth)}${lists.at(-1) === "ol" ? "1." : "-"} `;
    } else if (name === "ul" || name === "ol") {
      flush();
      lists.push(name);
    } else if (name === "tr") {
      flush();
      cells = [];
    } else if ((name === "td" || name === "th") && cells) {
      cells.push("");
    } else if (name === "br") {
      if (pre) line += "\n";
      else flush();
    } else if (name === "en-todo") {
      const checked = String(tag.attributes.checked ?? "") === "true";
      if (line.trim() === "" && !prefix.includes("[")) {
        prefix = `${prefix.replace(/^(\s*)(?:-|1\.) $/, "$1") || ""}- [${checked ? "x" : " "}] `;
      } else line += checked ? "[x] " : "[ ] ";
    } else if (name === "en-media") {
      const index = mediaIndex(String(tag.attributes.hash ?? ""));
      if (index !== null) {
        flush();
        lines.push(attachmentToken(index));
      }
    } else if (name === "a") {
      links.push(String(tag.attributes.href ?? ""));
      line += "[";
    } else if (name === "pre") {
      flush();
      pre++;
      line = "";
      lines.push("```");
    } else if (INLINE[name]) line += INLINE[name];
    else if (BLOCKS.has(name)) flush();
  });
  parser.on("closetag", (tag) => {
    const name = tag.name.toLowerCase();
    if (name === "ul" || name === "ol") {
      flush();
      lists.pop();
    } else if (name === "tr" && cells) {
      const row = cells.map((c) => c.replace(/\s+/g, " ").trim()).join(" | ");
      cells = null;
      if (row.replace(/[|\s]/g, "") !== "") lines.push(row);
    } else if (name === "a") {
      const href = links.pop() ?? "";
      line += /^(https?:|mailto:)/i.test(href) ? `](${href})` : "]";
      if (!/^(https?:|mailto:)/i.test(href)) line = line.replace(/\[([^[]*)\]$/, "$1");
    } else if (name === "pre") {
      lines.push(...line.replace(/\n$/, "").split("\n"));
      lines.push("```");
      line = "";
      pre--;
    } else if (INLINE[name]) line += INLINE[name];
    else if (BLOCKS.has(name) || /^h[1-6]$/.test(name) || name === "li") flush();
  });
  parser.on("text", (text) => {
    if (cells) cells[cells.length - 1] = (cells.at(-1) ?? "") + text;
    else line += text;
  });
  parser.write(xmlEntities(enml)).close();
  flush();
  let out = "";
  let inCode = false;
  for (const [i, current] of lines.entries()) {
    const listy = (l: string) => /^\s*(-|1\.) /.test(l) || l.includes(" | ");
    if (i > 0) out += inCode || (listy(current) && listy(lines[i - 1])) ? "\n" : "\n\n";
    if (current === "```") inCode = !inCode;
    out += current;
  }
  return out.replace(/\*\*\*\*|__|~~~~|``/g, "").trim();
}

type RawNote = {
  title: string;
  content: string;
  created: string;
  updated: string;
  tags: string[];
  resources: { data: string; mime: string; name: string }[];
};

/** Every note of one ENEX file (one notebook), read as a stream of XML events. */
function readNotes(xml: string): RawNote[] {
  const parser = new SaxesParser();
  const notes: RawNote[] = [];
  let note: RawNote | null = null;
  let resource: RawNote["resources"][number] | null = null;
  const path: string[] = [];
  let text = "";
  let sawExport = false;
  parser.on("opentag", (tag) => {
    path.push(tag.name);
    text = "";
    if (tag.name === "en-export") sawExport = true;
    if (tag.name === "note") {
      note = { title: "", content: "", created: "", updated: "", tags: [], resources: [] };
    } else if (tag.name === "resource" && note) resource = { data: "", mime: "", name: "" };
  });
  parser.on("text", (t) => (text += t));
  parser.on("cdata", (t) => (text += t));
  parser.on("closetag", (tag) => {
    path.pop();
    const parent = path.at(-1);
    const n = note as RawNote | null;
    if (n && parent === "note") {
      if (tag.name === "title") n.title = text.trim();
      else if (tag.name === "content") n.content = text;
      else if (tag.name === "created") n.created = text;
      else if (tag.name === "updated") n.updated = text;
      else if (tag.name === "tag") n.tags.push(text.trim());
      else if (tag.name === "resource" && resource) {
        n.resources.push(resource);
        resource = null;
      }
    } else if (resource) {
      if (tag.name === "data") resource.data = text;
      else if (tag.name === "mime") resource.mime = text.trim();
      else if (tag.name === "file-name") resource.name = text.trim();
    }
    if (tag.name === "note" && n) {
      notes.push(n);
      note = null;
    }
    text = "";
  });
  parser.write(xml).close();
  if (!sawExport) throw new Error("not an ENEX export");
  return notes;
}

const EXTENSION: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "application/pdf": "pdf",
};

/**
 * Evernote's ENEX files: each file a notebook (a folder of its name), each note with its title,
 * tags (written into the text as `#tag`), times, checklists and its embedded files as attachments
 * where the note shows them. A note that does not read is named among the problems; the rest go in.
 */
export function parseEnex(files: { name: string; text: string }[]): ImportPlan {
  const plan: ImportPlan = {
    source: "enex",
    folders: [],
    notes: [],
    attachments: [],
    problems: [],
  };
  const folders = new Set<string>();
  for (const file of files) {
    const notebook = (file.name.split("/").pop() ?? file.name).replace(/\.enex$/i, "").trim();
    let raw: RawNote[];
    try {
      raw = readNotes(file.text);
    } catch {
      plan.problems.push({
        file: file.name,
        sentence: "It is not a readable Evernote export (ENEX), so nothing in it was imported.",
      });
      continue;
    }
    for (const [n, note] of raw.entries()) {
      const sourcePath = `${file.name}#${n + 1}`;
      const title = note.title || "Untitled";
      const held: string[] = [];
      const attachments: PlannedAttachment[] = [];
      for (const [r, res] of note.resources.entries()) {
        const type = res.mime || typeOfName(res.name);
        const name = res.name || `attachment-${r + 1}.${EXTENSION[type] ?? "bin"}`;
        let bytes: Uint8Array;
        try {
          bytes = base64Bytes(res.data);
        } catch {
          plan.problems.push({ file: `${title} (${name})`, sentence: "Its data is damaged." });
          attachments.push(null as unknown as PlannedAttachment);
          continue;
        }
        if (!(type in ATTACHMENT_TYPES) || bytes.length > ATTACHMENT_MAX_BYTES || !bytes.length) {
          plan.problems.push({
            file: `${title} (${name})`,
            sentence: "This file can’t be attached (its type or size), so it was left out.",
          });
          attachments.push(null as unknown as PlannedAttachment);
          continue;
        }
        attachments.push({ id: `${sourcePath}/${r}`, name, type, bytes });
      }
      // en-media names a resource by the MD5 of its data; in each note they come in the order
      // the resources are listed, so the nth distinct hash is the nth resource.
      const hashes: string[] = [];
      const mediaIndex = (hash: string) => {
        let i = hashes.indexOf(hash);
        if (i === -1) i = hashes.push(hash) - 1;
        const found = attachments[i];
        if (!found) return null;
        let at = held.indexOf(found.id);
        if (at === -1) at = held.push(found.id) - 1;
        return at;
      };
      let body: string;
      try {
        body = note.content.trim() ? enmlToMarkdown(note.content, mediaIndex) : "";
      } catch {
        plan.problems.push({
          file: `${notebook}: ${title}`,
          sentence: "Its content is damaged, so this note was left out.",
        });
        continue;
      }
      for (const a of attachments) {
        if (a && !held.includes(a.id)) body += `\n\n${attachmentToken(held.push(a.id) - 1)}`;
      }
      for (const a of attachments) if (a && held.includes(a.id)) plan.attachments.push(a);
      const tags = note.tags
        .map((t) => t.replace(/^#/, "").replace(/\s+/g, "-"))
        .filter((t) => /\p{L}/u.test(t));
      const written = new Set(tagsInText(body));
      const missing = tags.filter((t) => !written.has(t.toLowerCase()));
      if (missing.length) body += `\n\n${missing.map((t) => `#${t}`).join(" ")}`;
      if (notebook) folders.add(notebook);
      plan.notes.push({
        sourcePath,
        folder: notebook,
        title,
        markdown: `# ${title}\n\n${body.trim()}`.trim(),
        tags: [...new Set([...tags.map((t) => t.toLowerCase()), ...tagsInText(body)])],
        created: enexDate(note.created),
        updated: enexDate(note.updated),
        attachments: held,
        hash: contentHash(`${title}\n${note.content}\n${note.resources.map((r) => r.data.length)}`),
      });
    }
  }
  plan.folders = withParents(folders);
  return plan;
}
