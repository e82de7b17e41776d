import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES } from "@/lib/attachments/limits";
import {
  attachmentToken,
  contentHash,
  typeOfName,
  withParents,
  type ImportEntry,
  type ImportPlan,
  type PlannedAttachment,
} from "@/lib/import/plan";
import { tagsInText } from "@/lib/tags/parse";

/** Where Google Takeout puts Keep's notes: `Takeout/Keep/<note>.json`, files beside them. */
const KEEP_NOTE = /(^|\/)Keep\/[^/]+\.json$/i;
const KEEP_HTML = /(^|\/)Keep\/[^/]+\.html?$/i;
export const ARCHIVE_FOLDER = "Archive";

type KeepNote = {
  title?: unknown;
  textContent?: unknown;
  listContent?: unknown;
  labels?: unknown;
  isPinned?: unknown;
  isArchived?: unknown;
  isTrashed?: unknown;
  createdTimestampUsec?: unknown;
  userEditedTimestampUsec?: unknown;
  attachments?: unknown;
  annotations?: unknown;
};

/** Whether a parsed JSON value is one Keep note (the keys every Takeout note carries). */
function isKeepNote(value: unknown): value is KeepNote {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const note = value as KeepNote;
  return (
    typeof note.isTrashed === "boolean" &&
    (typeof note.textContent === "string" || Array.isArray(note.listContent))
  );
}

/** Whether the entries are a Takeout of Keep: JSON under a `Keep` folder. */
export function looksLikeKeep(entries: ImportEntry[]): boolean {
  return entries.some((e) => KEEP_NOTE.test(e.path) || KEEP_HTML.test(e.path));
}

/** Whether one JSON file (dropped on its own) is a Keep note. */
export function isKeepJson(bytes: Uint8Array): boolean {
  try {
    return isKeepNote(JSON.parse(new TextDecoder().decode(bytes)));
  } catch {
    return false;
  }
}

/** Microseconds since 1970 (a number or a string of digits) as ISO 8601, or null. */
export function keepTime(value: unknown): string | null {
  const usec = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof usec !== "number" || !Number.isFinite(usec) || usec <= 0) return null;
  const date = new Date(Math.floor(usec / 1000));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const stemOf = (name: string) => name.replace(/\.[^.]*$/, "").toLowerCase();

/**
 * Keep's plain text as Markdown: each line its own paragraph (Keep keeps line breaks), lines that
 * are already list items kept together as a list.
 */
function textToMarkdown(text: string): string {
  const out: string[] = [];
  for (const line of text.replace(/\r\n?/g, "\n").split("\n")) {
    const item = /^\s*([-*+]|\d+[.)])\s/.test(line);
    if (line.trim() === "") continue;
    const previousItem = out.length > 0 && /^\s*([-*+]|\d+[.)])\s/.test(out.at(-1)!);
    out.push(`${out.length === 0 || (item && previousItem) ? "" : "\n"}${line.trimEnd()}`);
  }
  return out.join("\n");
}

/**
 * Google Keep from a Takeout: each `Keep/*.json` note with its title, text or checklist, labels
 * as tags, pinned, archived notes in an "Archive" folder, times, and its files (`filePath`,
 * beside the JSON) as attachments at the top, where Keep shows them. Notes in Keep's trash and
 * notes that do not read are named among the problems; colours and the `.html` twins are ignored.
 */
export function parseKeep(entries: ImportEntry[]): ImportPlan {
  const plan: ImportPlan = {
    source: "keep",
    folders: [],
    notes: [],
    attachments: [],
    problems: [],
  };
  const files = new Map<string, ImportEntry>();
  const filesByStem = new Map<string, ImportEntry>();
  for (const entry of entries) {
    if (KEEP_NOTE.test(entry.path) || /\.html?$/i.test(entry.path)) continue;
    const name = (entry.path.split("/").pop() ?? "").toLowerCase();
    if (!files.has(name)) files.set(name, entry);
    if (!filesByStem.has(stemOf(name))) filesByStem.set(stemOf(name), entry);
  }
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const folders = new Set<string>();
  let trashed = 0;

  const jsons = entries.filter(
    (e) => KEEP_NOTE.test(e.path) || (entries.length === 1 && /\.json$/i.test(e.path)),
  );
  for (const entry of jsons) {
    const fileName = entry.path.split("/").pop() ?? entry.path;
    let note: unknown;
    try {
      note = JSON.parse(decoder.decode(entry.bytes));
    } catch {
      plan.problems.push({
        file: fileName,
        sentence: "It is not a readable Keep note (its JSON is damaged), so it was left out.",
      });
      continue;
    }
    if (!isKeepNote(note)) {
      // Takeout puts a few other JSON files in Keep (labels, settings): say so only of notes.
      if (typeof note === "object" && note !== null && "title" in note)
        plan.problems.push({
          file: fileName,
          sentence: "It is not a Keep note Groundwork can read, so it was left out.",
        });
      continue;
    }
    const named = typeof note.title === "string" ? note.title.trim() : "";
    // An untitled note is called by its first line, as Keep lists it (and as Groundwork does).
    const firstLine =
      (typeof note.textContent === "string" ? note.textContent : "")
        .split("\n")
        .find((line) => line.trim())
        ?.trim() ??
      (Array.isArray(note.listContent) && typeof note.listContent[0]?.text === "string"
        ? note.listContent[0].text.trim()
        : "");
    const title = named || firstLine.slice(0, 200) || "Untitled";
    if (note.isTrashed) {
      trashed++;
      plan.problems.push({
        file: title,
        sentence: "It is in Keep’s trash, so it was not imported.",
      });
      continue;
    }

    const held: string[] = [];
    const blocks: string[] = [];
    const listed = Array.isArray(note.attachments) ? note.attachments : [];
    for (const item of listed) {
      const filePath =
        typeof item === "object" && item && typeof item.filePath === "string" ? item.filePath : "";
      const wanted = (filePath.split("/").pop() ?? "").toLowerCase();
      if (!wanted) continue;
      // Takeout sometimes names the file .jpg where the note says .jpeg: match on the stem too.
      const file = files.get(wanted) ?? filesByStem.get(stemOf(wanted));
      const name = file ? (file.path.split("/").pop() ?? wanted) : wanted;
      const type =
        (typeof item.mimetype === "string" && item.mimetype in ATTACHMENT_TYPES
          ? item.mimetype
          : null) ?? typeOfName(name);
      if (!file) {
        plan.problems.push({
          file: `${title} (${name})`,
          sentence: "The note names this file, but it is not in the export.",
        });
        continue;
      }
      if (!(type in ATTACHMENT_TYPES) || file.bytes.length > ATTACHMENT_MAX_BYTES) {
        plan.problems.push({
          file: `${title} (${name})`,
          sentence: "This file can’t be attached (its type or size), so it was left out.",
        });
        continue;
      }
      let attachment = plan.attachments.find((a) => a.id === file.path);
      if (!attachment) {
        attachment = { id: file.path, name, type, bytes: file.bytes } satisfies PlannedAttachment;
        plan.attachments.push(attachment);
      }
      if (!held.includes(attachment.id)) blocks.push(attachmentToken(held.push(attachment.id) - 1));
    }

    if (Array.isArray(note.listContent)) {
      const items = note.listContent
        .filter((i): i is { text?: unknown; isChecked?: unknown } => typeof i === "object" && !!i)
        .map((i) => {
          const text = typeof i.text === "string" ? i.text.replace(/\s*\n\s*/g, " ").trim() : "";
          return `- [${i.isChecked === true ? "x" : " "}] ${text}`;
        });
      if (items.length) blocks.push(items.join("\n"));
    }
    if (typeof note.textContent === "string" && note.textContent.trim())
      blocks.push(textToMarkdown(note.textContent));
    const links = (Array.isArray(note.annotations) ? note.annotations : [])
      .map((a) => (typeof a === "object" && a && typeof a.url === "string" ? a.url : ""))
      .filter((url) => /^https?:\/\//i.test(url));
    if (links.length) blocks.push(links.map((url) => `- ${url}`).join("\n"));

    const labels = (Array.isArray(note.labels) ? note.labels : [])
      .map((l) => (typeof l === "object" && l && typeof l.name === "string" ? l.name : ""))
      .map((name) => name.trim().replace(/^#/, "").replace(/\s+/g, "-"))
      .filter((name) => /\p{L}/u.test(name) && /^[\p{L}\p{M}\p{N}_/-]+$/u.test(name));
    let body = blocks.join("\n\n");
    const written = new Set(tagsInText(body));
    const missing = labels.filter((t) => !written.has(t.toLowerCase()));
    if (missing.length) body += `\n\n${missing.map((t) => `#${t}`).join(" ")}`;

    const folder = note.isArchived === true ? ARCHIVE_FOLDER : "";
    if (folder) folders.add(folder);
    plan.notes.push({
      sourcePath: entry.path.replace(/^.*?(?=Keep\/)/i, ""),
      folder,
      title,
      markdown: (named ? `# ${title}\n\n${body.trim()}` : body.trim() || "Untitled").trim(),
      tags: [...new Set([...labels.map((t) => t.toLowerCase()), ...tagsInText(body)])],
      created: keepTime(note.createdTimestampUsec),
      updated: keepTime(note.userEditedTimestampUsec),
      pinned: note.isPinned === true,
      attachments: held,
      hash: contentHash(entry.bytes),
    });
  }
  // Takeouts before Keep's JSON held only HTML: name those notes rather than drop them unsaid.
  const jsonStems = new Set(jsons.map((e) => e.path.replace(/\.json$/i, "").toLowerCase()));
  for (const entry of entries) {
    if (
      KEEP_HTML.test(entry.path) &&
      !jsonStems.has(entry.path.replace(/\.html?$/i, "").toLowerCase())
    )
      plan.problems.push({
        file: entry.path.split("/").pop() ?? entry.path,
        sentence:
          "Only this note’s HTML is in the export; Groundwork reads the JSON a current Google Takeout of Keep holds.",
      });
  }
  if (trashed > 1) {
    // One line for the whole trash rather than one per note.
    plan.problems = plan.problems.filter((p) => !p.sentence.startsWith("It is in Keep’s trash"));
    plan.problems.push({
      file: "Keep’s trash",
      sentence: `${trashed} notes are in Keep’s trash, so they were not imported.`,
    });
  }
  plan.folders = withParents(folders);
  return plan;
}
