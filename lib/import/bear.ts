import { splitFrontMatter } from "@/lib/import/front-matter";
import { parseMarkdownVault } from "@/lib/import/markdown-vault";
import { withParents, type ImportEntry, type ImportPlan } from "@/lib/import/plan";

/** A file inside a TextBundle: the bundle's path (with `.textbundle`) and the path within it. */
const IN_BUNDLE = /^(.*?[^/]+\.textbundle)\/(.+)$/i;
const BUNDLE_TEXT = /^text\.(markdown|md|txt)$/i;
const NOTE_FILE = /\.(md|markdown|txt)$/i;
/** Bear's `#multi word tag#` (and `#tag#`): the closing `#` ends a tag that may hold spaces. */
const CLOSED_TAG =
  /(^|\s)#([\p{L}\p{N}_/-](?:[\p{L}\p{M}\p{N}_/ -]*[\p{L}\p{M}\p{N}_/-])?)#(?=$|[\s.,;:!?)\]])/gu;
export const ARCHIVE_FOLDER = "Archive";

/** Whether the entries are Bear's: TextBundles, or Markdown using Bear's `#closed tags#`. */
export function looksLikeBear(entries: ImportEntry[]): boolean {
  if (entries.some((e) => IN_BUNDLE.test(e.path))) return true;
  const decoder = new TextDecoder();
  return entries.some((e) => {
    if (!NOTE_FILE.test(e.path)) return false;
    const text = decoder.decode(e.bytes).replace(/```[\s\S]*?```/g, "");
    return [...text.matchAll(CLOSED_TAG)].some((m) => /\s/.test(m[2]));
  });
}

/** Bear's closed tags as tags Groundwork reads: `#multi word tag#` → `#multi-word-tag`. */
export function bearTags(text: string): string {
  let fence = false;
  return text
    .split("\n")
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fence = !fence;
        return line;
      }
      if (fence) return line;
      return line
        .split(/(`[^`\n]*`)/)
        .map((part, i) =>
          i % 2 === 1
            ? part
            : part.replace(
                CLOSED_TAG,
                (_whole, before: string, tag: string) =>
                  `${before}#${tag
                    .split("/")
                    .map((p) => p.trim().replace(/\s+/g, "-"))
                    .join("/")}`,
              ),
        )
        .join("");
    })
    .join("\n");
}

/** A date from Bear's info.json (ISO text, or seconds since 2001 as Apple writes them). */
function bearDate(value: unknown): string | null {
  if (typeof value === "string" && value.trim()) {
    const time = Date.parse(value);
    return Number.isNaN(time) ? null : new Date(time).toISOString();
  }
  if (typeof value === "number" && Number.isFinite(value) && value > 0)
    return new Date((value + 978307200) * 1000).toISOString();
  return null;
}

const yamlString = (text: string) => `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

/** A path segment safe to stand in a Markdown link's target. */
const linkSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/\(/g, "%28").replace(/\)/g, "%29");

type BundleMeta = { folder: string; pinned: boolean };

/**
 * Bear's exports: a folder, zip or `.bear2bk` backup of TextBundles (`text.markdown` or
 * `text.md`, `info.json` and `assets/`), and its plain Markdown files. Each note is titled by its
 * first line, keeps nested `#tag/sub` and `#multi word#` tags, and its pictures and files in
 * `assets/` where it shows them; pinned and archived (into "Archive") are kept from info.json,
 * and notes in Bear's trash are named among the problems. The Markdown is then read as a vault.
 */
export function parseBear(input: ImportEntry[]): ImportPlan {
  const bundles = new Map<
    string,
    { text?: ImportEntry; info?: ImportEntry; files: ImportEntry[] }
  >();
  const loose: ImportEntry[] = [];
  const tops = new Set(input.map((e) => (e.path.includes("/") ? e.path.split("/")[0] : "")));
  const root =
    tops.size === 1 && !tops.has("") && !/\.textbundle$/i.test([...tops][0])
      ? `${[...tops][0]}/`
      : "";
  for (const { path: full, bytes } of input) {
    const entry = { path: full.slice(root.length), bytes };
    const m = IN_BUNDLE.exec(entry.path);
    if (!m) {
      loose.push(entry);
      continue;
    }
    const bundle = bundles.get(m[1]) ?? { files: [] };
    bundles.set(m[1], bundle);
    if (BUNDLE_TEXT.test(m[2])) bundle.text ??= entry;
    else if (m[2].toLowerCase() === "info.json") bundle.info = entry;
    else bundle.files.push({ path: m[2], bytes: entry.bytes });
  }

  const problems: ImportPlan["problems"] = [];
  const meta = new Map<string, BundleMeta>();
  const entries: ImportEntry[] = [];
  const taken = new Set<string>();
  const decoder = new TextDecoder("utf-8", { fatal: true });
  for (const entry of loose) {
    if (!NOTE_FILE.test(entry.path)) {
      entries.push(entry);
      continue;
    }
    taken.add(entry.path.toLowerCase());
    try {
      entries.push({
        path: entry.path,
        bytes: new TextEncoder().encode(bearTags(decoder.decode(entry.bytes))),
      });
    } catch {
      entries.push(entry); // the vault names it as not UTF-8
    }
  }

  for (const [path, bundle] of bundles) {
    const bundleName = (path.split("/").pop() ?? path).replace(/\.textbundle$/i, "");
    if (!bundle.text) {
      problems.push({
        file: `${bundleName}.textbundle`,
        sentence: "This TextBundle holds no text (text.markdown), so it was left out.",
      });
      continue;
    }
    let text: string;
    try {
      text = decoder.decode(bundle.text.bytes);
    } catch {
      problems.push({
        file: `${bundleName}.textbundle`,
        sentence: "Its text is not in UTF-8, so it was left out.",
      });
      continue;
    }
    let info: Record<string, unknown> = {};
    if (bundle.info) {
      try {
        const all = JSON.parse(new TextDecoder().decode(bundle.info.bytes)) as Record<
          string,
          unknown
        >;
        const bear = all?.["net.shinyfrog.bear"];
        info = typeof bear === "object" && bear ? (bear as Record<string, unknown>) : {};
      } catch {
        info = {}; // its dates and pin are lost, not the note
      }
    }
    const firstLine = /^\s*(?:#{1,6}\s+)?(.*)$/m.exec(splitFrontMatter(text).body.trimStart());
    const title = (firstLine?.[1] ?? "").trim().slice(0, 300) || bundleName || "Untitled";
    if (info.trashed === 1 || info.trashed === true) {
      problems.push({ file: title, sentence: "It is in Bear’s trash, so it was not imported." });
      continue;
    }

    // One Markdown file per note, named by its bundle (names in one export are distinct).
    let name = bundleName.replace(/[\\/]/g, "-") || "Untitled";
    for (let n = 2; taken.has(`${name}.md`.toLowerCase()); n++) name = `${bundleName} (${n})`;
    taken.add(`${name}.md`.toLowerCase());
    const assetsDir = `${name}.textbundle`;
    const body = bearTags(text)
      .replace(/(\]\(<?)(assets\/)/g, `$1${linkSegment(assetsDir)}/$2`)
      .replace(/(!\[[^\]\n]*\]\([^)\n]*\))<!--\s*\{[^}\n]*\}\s*-->/g, "$1");
    const front = text.startsWith("---\n")
      ? ""
      : [
          "---",
          `title: ${yamlString(title)}`,
          ...[
            ["created", bearDate(info.creationDate)],
            ["updated", bearDate(info.modificationDate)],
          ]
            .filter(([, date]) => date)
            .map(([key, date]) => `${key}: ${date}`),
          "---",
          "",
        ].join("\n");
    entries.push({ path: `${name}.md`, bytes: new TextEncoder().encode(front + body) });
    for (const file of bundle.files)
      entries.push({ path: `${assetsDir}/${file.path}`, bytes: file.bytes });
    meta.set(`${name}.md`, {
      folder: info.archived === 1 || info.archived === true ? ARCHIVE_FOLDER : "",
      pinned: info.pinned === 1 || info.pinned === true,
    });
  }

  const plan = parseMarkdownVault(entries);
  plan.source = "bear";
  for (const note of plan.notes) {
    const found = meta.get(note.sourcePath);
    if (!found) continue;
    note.folder = found.folder;
    note.pinned = found.pinned;
  }
  plan.problems = [...problems, ...plan.problems];
  plan.folders = withParents(plan.notes.map((n) => n.folder).filter(Boolean));
  return plan;
}
