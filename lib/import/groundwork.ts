import {
  FOLDER_SLASH,
  attachmentToken,
  contentHash,
  typeOfName,
  withParents,
  type ImportEntry,
  type ImportPlan,
  type PlannedAttachment,
  type PlannedNote,
  type PlannedProfile,
} from "@/lib/import/plan";
import { tagsInText } from "@/lib/tags/parse";

/**
 * Groundwork's own account export (the `export-data` zip): `account.json`, `folders.json`,
 * `notes/<folder path>/<name>.md` with front matter (each value a JSON string) and the files at
 * `attachments/<note id>/<file>`, which the notes name as `attachment:<owner>/<note id>/<file>`.
 * Brought back as it was: folders by their own names (empty ones too), titles, text, pinned,
 * times, and each attachment in its place; the display name (`profile.json`) and picture
 * (`avatar/<file>`) for an account that has none yet. Notes that were in the Trash are named and left out.
 */

const decoder = new TextDecoder("utf-8", { fatal: true });
const ATTACHMENT_LINE = /^!?\[((?:\\.|[^\]\\])*)\]\(attachment:([^)\s]+)\)$/;

/** The folder the export sits in when it was unpacked and packed again, or "" at the top. */
function exportRoot(entries: ImportEntry[]): string | null {
  for (const entry of entries) {
    const match = /^(?:([^/]+)\/)?account\.json$/.exec(entry.path);
    if (!match) continue;
    const root = match[1] ? `${match[1]}/` : "";
    if (entries.some((e) => e.path.startsWith(`${root}notes/`) && /\.md$/i.test(e.path)))
      return root;
  }
  return null;
}

/** Whether the files are a Groundwork account export. */
export function looksLikeGroundwork(entries: ImportEntry[]): boolean {
  return exportRoot(entries) !== null;
}

/** The export's front matter: one `key: <JSON>` a line. */
function frontMatter(text: string): { data: Record<string, unknown>; body: string } {
  const source = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const end = source.startsWith("---\n") ? source.indexOf("\n---\n", 3) : -1;
  if (end === -1) return { data: {}, body: source };
  const data: Record<string, unknown> = {};
  for (const line of source.slice(4, end).split("\n")) {
    const pair = /^([A-Za-z0-9_]+): (.*)$/.exec(line);
    if (!pair) continue;
    try {
      data[pair[1]] = JSON.parse(pair[2]);
    } catch {
      data[pair[1]] = pair[2];
    }
  }
  return { data, body: source.slice(end + 5).replace(/^\n/, "") };
}

type ExportedFolder = { id: string; parent_id: string | null; name: string; path?: string };

/** Each exported folder path mapped to the path of the folders' own names. */
function folderNames(json: unknown): Map<string, string> {
  const rows = (Array.isArray(json) ? json : []).filter(
    (f): f is ExportedFolder =>
      typeof f?.id === "string" && typeof f?.name === "string" && typeof f?.path === "string",
  );
  const byId = new Map(rows.map((f) => [f.id, f]));
  const named = new Map<string, string>();
  const nameOf = (f: ExportedFolder, seen: Set<string>): string => {
    const own = f.name.replaceAll("/", FOLDER_SLASH).trim() || "Folder";
    const parent = f.parent_id ? byId.get(f.parent_id) : undefined;
    return parent && !seen.has(parent.id)
      ? `${nameOf(parent, new Set(seen).add(parent.id))}/${own}`
      : own;
  };
  for (const f of rows) named.set(f.path!, nameOf(f, new Set([f.id])));
  return named;
}

/** The display name and picture the export holds, if any. */
function exportedProfile(files: Map<string, ImportEntry>): PlannedProfile | undefined {
  let displayName: string | null = null;
  let picture: ImportEntry | undefined;
  const json = files.get("profile.json");
  if (json) {
    try {
      const row = JSON.parse(decoder.decode(json.bytes)) as {
        display_name?: unknown;
        avatar_path?: unknown;
      };
      if (typeof row?.display_name === "string" && row.display_name.trim())
        displayName = row.display_name.trim();
      // The picture is at avatar/<its path below the owner's folder>.
      if (typeof row?.avatar_path === "string")
        picture = files.get(`avatar/${row.avatar_path.split("/").slice(1).join("/")}`);
    } catch {
      // An unreadable profile is only a name left out.
    }
  }
  const avatar: PlannedAttachment | null = picture
    ? {
        id: picture.path,
        name: picture.path.split("/").pop()!,
        type: typeOfName(picture.path),
        bytes: picture.bytes,
      }
    : null;
  return displayName || avatar ? { displayName, avatar } : undefined;
}

const unescapeLabel = (label: string) => label.replace(/\\([\\[\]])/g, "$1");

export function parseGroundworkExport(input: ImportEntry[]): ImportPlan {
  const root = exportRoot(input) ?? "";
  const entries = input
    .filter((e) => e.path.startsWith(root) && !e.path.endsWith("/"))
    .map((e) => ({ ...e, path: e.path.slice(root.length) }));
  const plan: ImportPlan = {
    source: "markdown",
    folders: [],
    notes: [],
    attachments: [],
    problems: [],
  };
  const files = new Map(entries.map((e) => [e.path, e]));

  let folders = new Map<string, string>();
  const listed = files.get("folders.json");
  if (listed) {
    try {
      folders = folderNames(JSON.parse(decoder.decode(listed.bytes)));
    } catch {
      plan.problems.push({
        file: "folders.json",
        sentence: "It could not be read, so notes go in folders named as in the export.",
      });
    }
  }
  const allFolders = new Set(folders.values());

  let trashed = 0;
  for (const entry of entries) {
    if (!/^notes\/.+\.md$/i.test(entry.path)) continue;
    let text: string;
    try {
      text = decoder.decode(entry.bytes);
    } catch {
      plan.problems.push({
        file: entry.path,
        sentence: "It is not text in UTF-8, so it was left out.",
      });
      continue;
    }
    const { data, body } = frontMatter(text);
    const title = (typeof data.title === "string" && data.title.trim()) || "Untitled";
    if (data.deleted_at) {
      trashed++;
      continue;
    }
    const dir = entry.path.slice("notes/".length).split("/").slice(0, -1).join("/");
    const exported = typeof data.folder === "string" && data.folder ? data.folder : dir;
    const folder = exported ? (folders.get(exported) ?? exported) : "";
    if (folder) allFolders.add(folder);

    const held: string[] = [];
    const lines = body.replace(/\n+$/, "").split("\n");
    let inFence = false;
    const markdown = lines
      .map((line) => {
        if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
        const match = inFence ? null : ATTACHMENT_LINE.exec(line.trim());
        if (!match) return line;
        // attachment:<owner>/<note id>/<file> is at attachments/<note id>/<file>.
        const path = `attachments/${match[2].split("/").slice(1).join("/")}`;
        const file = files.get(path);
        if (!file) {
          plan.problems.push({
            file: path,
            sentence: `“${title}” holds it, but it is not in the export; its name stays in the note.`,
          });
          return unescapeLabel(match[1]);
        }
        let attachment = plan.attachments.find((a) => a.id === path);
        if (!attachment) {
          const name = unescapeLabel(match[1]) || path.split("/").pop()!;
          attachment = { id: path, name, type: typeOfName(name), bytes: file.bytes };
          plan.attachments.push(attachment as PlannedAttachment);
        }
        let index = held.indexOf(path);
        if (index === -1) index = held.push(path) - 1;
        return attachmentToken(index);
      })
      .join("\n");

    const time = (value: unknown) =>
      typeof value === "string" && !Number.isNaN(Date.parse(value)) ? value : null;
    const note: PlannedNote = {
      sourcePath: entry.path,
      folder,
      title,
      markdown: `# ${title}\n\n${markdown}`.trim(),
      tags: tagsInText(markdown).map((t) => t.toLowerCase()),
      created: time(data.created_at),
      updated: time(data.updated_at),
      pinned: data.pinned === true,
      attachments: held,
      hash: contentHash(entry.bytes),
    };
    plan.notes.push(note);
  }
  if (trashed > 0)
    plan.problems.push({
      file: "Trash",
      sentence:
        trashed === 1
          ? "One note was in the Trash, so it was not imported."
          : `${trashed} notes were in the Trash, so they were not imported.`,
    });
  plan.folders = withParents(allFolders);
  plan.profile = exportedProfile(files);
  return plan;
}
