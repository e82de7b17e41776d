import { ATTACHMENT_TYPES, ATTACHMENT_MAX_BYTES } from "@/lib/attachments/limits";
import { csvRows, markdownTable } from "@/lib/import/csv-table";
import { frontMatterDate, frontMatterTags, splitFrontMatter } from "@/lib/import/front-matter";
import {
  attachmentToken,
  contentHash,
  typeOfName,
  withParents,
  type ImportEntry,
  type ImportPlan,
  type PlannedAttachment,
  type PlannedNote,
} from "@/lib/import/plan";
import { tagsInText } from "@/lib/tags/parse";

const NOTE_FILE = /\.(md|markdown|txt)$/i;
/** A Notion database: `Name <id>.csv`, and in newer exports `Name <id>_all.csv` with every row. */
const TABLE_FILE = /(_all)?\.csv$/i;
const SKIPPED = /(^|\/)(\.[^/]*|__MACOSX)(\/|$)/;
/** Notion ends every page's file and folder name with a space and 32 hex digits. */
const NOTION_ID = / [0-9a-f]{32}(?=(\.[A-Za-z0-9]+)?$)/;

const decoder = new TextDecoder("utf-8", { fatal: true });

function stem(path: string): string {
  const name = path.split("/").pop() ?? path;
  return name.replace(NOTE_FILE, "").replace(TABLE_FILE, "");
}

function dirOf(path: string): string {
  const cut = path.lastIndexOf("/");
  return cut === -1 ? "" : path.slice(0, cut);
}

/** A relative path against a folder, `..` and `.` resolved; null when it climbs out. */
function resolvePath(dir: string, relative: string): string | null {
  const parts = dir ? dir.split("/") : [];
  for (const part of relative.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join("/");
}

function safeDecodeURI(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Drops the one folder every entry sits in (the vault's own folder in a zip of it). */
function withoutCommonRoot(entries: ImportEntry[]): ImportEntry[] {
  const tops = new Set(entries.map((e) => (e.path.includes("/") ? e.path.split("/")[0] : "")));
  if (tops.size !== 1 || tops.has("")) return entries;
  const [top] = tops;
  return entries.map((e) => ({ ...e, path: e.path.slice(top.length + 1) }));
}

/** Whether the export looks like Notion's (page names carry 32-hex ids). */
export function looksLikeNotion(paths: string[]): boolean {
  const notes = paths.filter((p) => NOTE_FILE.test(p));
  return notes.length > 0 && notes.every((p) => NOTION_ID.test(p.split("/").pop() ?? ""));
}

function withoutNotionIds(path: string): string {
  return path
    .split("/")
    .map((part) => part.replace(NOTION_ID, ""))
    .join("/");
}

/** A note's file; `table` when it is a Notion database, its text a Markdown table. */
type Source = { path: string; text: string; bytes: Uint8Array; table?: boolean };

/**
 * Each Notion database once: its `_all.csv` (every row) over the view's `.csv` beside it, as a
 * source named like the view's file, so a page's link to the database finds it.
 */
function tableSources(csvs: ImportEntry[], plan: ImportPlan, shown: (p: string) => string) {
  const chosen = new Map<string, ImportEntry>();
  for (const entry of csvs) {
    const key = entry.path.replace(TABLE_FILE, ".csv");
    if (!chosen.has(key) || /_all\.csv$/i.test(entry.path)) chosen.set(key, entry);
  }
  const sources: Source[] = [];
  for (const [path, entry] of chosen) {
    let rows: string[][];
    try {
      rows = csvRows(decoder.decode(entry.bytes));
    } catch {
      plan.problems.push({
        file: shown(entry.path),
        sentence: "It is not text in UTF-8, so it was left out.",
      });
      continue;
    }
    // The first row names the columns; without another there is nothing in it.
    if (rows.length < 2) {
      plan.problems.push({
        file: shown(entry.path),
        sentence: "This database has no rows, so it was left out.",
      });
      continue;
    }
    sources.push({ path, text: markdownTable(rows), bytes: entry.bytes, table: true });
  }
  return sources;
}

/**
 * A vault of Markdown (Obsidian, a folder of notes, a Notion export): folders from the paths,
 * front matter kept, `[[links]]` and relative links between the notes turned into `[[Title]]`,
 * and the files the notes point at (relative paths, `![[embeds]]`) placed as attachments.
 */
export function parseMarkdownVault(input: ImportEntry[]): ImportPlan {
  const entries = withoutCommonRoot(input.filter((e) => !SKIPPED.test(e.path)));
  const notion = looksLikeNotion(entries.map((e) => e.path));
  const shown = (path: string) => (notion ? withoutNotionIds(path) : path);
  const plan: ImportPlan = {
    source: notion ? "notion" : "markdown",
    folders: [],
    notes: [],
    attachments: [],
    problems: [],
  };

  const sources: Source[] = [];
  const files = new Map<string, ImportEntry>();
  const tables: ImportEntry[] = [];
  for (const entry of entries) {
    if (entry.path.endsWith("/")) continue;
    if (notion && TABLE_FILE.test(entry.path)) {
      tables.push(entry);
      continue;
    }
    if (NOTE_FILE.test(entry.path)) {
      try {
        sources.push({ path: entry.path, text: decoder.decode(entry.bytes), bytes: entry.bytes });
      } catch {
        plan.problems.push({
          file: shown(entry.path),
          sentence: "It is not text in UTF-8, so it was left out.",
        });
      }
    } else files.set(entry.path, entry);
  }

  sources.push(...tableSources(tables, plan, shown));

  // Titles first, so links can name the note they lead to.
  const titles = new Map<string, string>();
  const parsed = sources.map((source) => {
    const { data, body } = splitFrontMatter(source.text);
    const title =
      (typeof data.title === "string" && data.title.trim()) ||
      stem(shown(source.path)) ||
      "Untitled";
    titles.set(source.path, title);
    return { source, data, body };
  });
  const byName = new Map<string, string>();
  const byPath = new Map<string, string>();
  for (const { source } of parsed) {
    const key = source.path.replace(NOTE_FILE, "").toLowerCase();
    byPath.set(key, source.path);
    const name = stem(source.path).toLowerCase();
    if (!byName.has(name)) byName.set(name, source.path);
    const shownName = stem(shown(source.path)).toLowerCase();
    if (!byName.has(shownName)) byName.set(shownName, source.path);
  }
  const filesByName = new Map<string, string>();
  for (const path of files.keys()) {
    const name = (path.split("/").pop() ?? "").toLowerCase();
    if (!filesByName.has(name)) filesByName.set(name, path);
  }
  const used = new Map<string, PlannedAttachment | null>();

  function noteFor(target: string, dir: string): string | null {
    const clean = target
      .replace(/#.*$/, "")
      .replace(NOTE_FILE, "")
      .replace(TABLE_FILE, ".csv")
      .toLowerCase();
    if (clean === "") return null;
    const relative = resolvePath(dir, clean);
    return (
      (relative !== null ? byPath.get(relative) : undefined) ??
      byPath.get(clean) ??
      byName.get(clean.split("/").pop()!) ??
      null
    );
  }

  function fileFor(target: string, dir: string): string | null {
    const relative = resolvePath(dir, target);
    if (relative !== null && files.has(relative)) return relative;
    if (files.has(target)) return target;
    return filesByName.get((target.split("/").pop() ?? "").toLowerCase()) ?? null;
  }

  /** The attachment for a file, once per file; null (with a problem) when it cannot be attached. */
  function attachment(path: string, notePath: string): PlannedAttachment | null {
    if (used.has(path)) return used.get(path)!;
    const entry = files.get(path)!;
    const name = path.split("/").pop() ?? path;
    const type = typeOfName(name);
    let result: PlannedAttachment | null = null;
    if (!(type in ATTACHMENT_TYPES))
      plan.problems.push({
        file: shown(path),
        sentence: `“${shown(notePath)}” refers to it, but this type of file can’t be attached; its name stays in the note.`,
      });
    else if (entry.bytes.length > ATTACHMENT_MAX_BYTES)
      plan.problems.push({
        file: shown(path),
        sentence:
          "It is larger than 50 MB, the most one attachment can be; its name stays in the note.",
      });
    else if (entry.bytes.length === 0)
      plan.problems.push({
        file: shown(path),
        sentence: "It is empty, so there is nothing to attach.",
      });
    else {
      result = { id: path, name, type, bytes: entry.bytes };
      plan.attachments.push(result);
    }
    used.set(path, result);
    return result;
  }

  const folders = new Set<string>();
  for (const { source, data, body } of parsed) {
    const dir = dirOf(source.path);
    const title = titles.get(source.path)!;
    const held: string[] = [];
    const place = (file: string, label: string) => {
      const found = attachment(file, source.path);
      if (!found) return label;
      let index = held.indexOf(found.id);
      if (index === -1) index = held.push(found.id) - 1;
      return `\n\n${attachmentToken(index)}\n\n`;
    };
    const linkTo = (notePath: string) => `[[${titles.get(notePath)}]]`;

    let text = body;
    // Notion (and some people) start the page with its title as a heading: it is the title here.
    const firstLine = /^\s*#\s+(.+)\n?/.exec(text);
    if (firstLine && firstLine[1].trim() === title) text = text.slice(firstLine[0].length);

    let inFence = false;
    if (!source.table)
      text = text
        .split("\n")
        .map((line) => {
          if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
          if (inFence || /^\s*(```|~~~)/.test(line)) return line;
          return line
            .replace(/!\[\[([^[\]|#\n]+)(?:[#|][^[\]\n]*)?\]\]/g, (whole, target: string) => {
              const file = fileFor(target.trim(), dir);
              if (file) return place(file, target);
              const note = noteFor(target.trim(), dir);
              return note ? linkTo(note) : whole;
            })
            .replace(/\[\[([^[\]|\n]+?)(?:\|([^[\]\n]*))?\]\]/g, (whole, target: string) => {
              const note = noteFor(target.trim(), dir);
              return note ? linkTo(note) : `[[${target.replace(/#.*$/, "").trim()}]]`;
            })
            .replace(
              /(!?)\[([^\]\n]*)\]\(<?([^)<>\s]+)>?(?:\s+"[^"]*")?\)/g,
              (whole, bang: string, label: string, href: string) => {
                if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("#")) return whole;
                const target = safeDecodeURI(href.replace(/#.*$/, ""));
                if (NOTE_FILE.test(target) || (notion && TABLE_FILE.test(target))) {
                  const note = noteFor(target, dir);
                  if (note) return linkTo(note);
                }
                const file = fileFor(target, dir);
                if (file) return place(file, label || target);
                return bang ? label : whole;
              },
            );
        })
        .join("\n")
        .replace(/\n{3,}/g, "\n\n")
        .trim();

    const extraTags = frontMatterTags(data.tags ?? data.tag);
    const written = new Set(tagsInText(text));
    const missing = extraTags.filter((tag) => !written.has(tag.toLowerCase()));
    if (missing.length > 0) text = `${text}\n\n${missing.map((tag) => `#${tag}`).join(" ")}`;

    const folder = shown(dir);
    if (folder) folders.add(folder);
    const note: PlannedNote = {
      sourcePath: source.path,
      folder,
      title,
      markdown: `# ${title}\n\n${text}`.trim(),
      tags: [...new Set([...extraTags.map((t) => t.toLowerCase()), ...tagsInText(text)])],
      ...(source.table ? { table: true } : {}),
      created: frontMatterDate(data.created ?? data.date ?? data["date created"]),
      updated: frontMatterDate(data.updated ?? data.modified ?? data["date modified"]),
      attachments: held,
      hash: contentHash(source.bytes),
    };
    plan.notes.push(note);
  }
  for (const path of files.keys()) {
    if (!used.has(path))
      plan.problems.push({
        file: shown(path),
        sentence: "No note refers to it, so it was left out.",
      });
  }
  plan.folders = withParents(folders);
  return plan;
}
