export interface NoteRow {
  id: string;
  title: string | null;
  body: string | null;
  pinned: boolean | null;
  deleted_at: string | null;
  share_slug: string | null;
  created_at: string | null;
  updated_at: string | null;
  folder_id?: string | null;
}

// A JSON string is a valid YAML double-quoted scalar, so any title survives the front matter.
const yamlValue = (v: unknown) => (v === null || v === undefined ? "null" : JSON.stringify(v));

/** A note as Markdown with YAML front matter carrying everything but the body. */
export function noteMarkdown(note: NoteRow, folder: string | null = null): string {
  const front = {
    id: note.id,
    title: note.title ?? "",
    folder,
    pinned: note.pinned ?? false,
    created_at: note.created_at,
    updated_at: note.updated_at,
    deleted_at: note.deleted_at,
    share_slug: note.share_slug,
  };
  const lines = Object.entries(front).map(([k, v]) => `${k}: ${yamlValue(v)}`);
  return `---\n${lines.join("\n")}\n---\n\n${note.body ?? ""}\n`;
}

/** A file name from the title that is safe in any archive tool, unique by the note's id. */
export function noteFileName(note: NoteRow): string {
  const slug = (note.title ?? "")
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "-")
    .slice(0, 60);
  return `${slug || "untitled"}-${note.id.slice(0, 8)}.md`;
}

export interface FolderRow {
  id: string;
  parent_id: string | null;
  name: string;
}

/**
 * A folder name as one path segment: a "/" in it as the division slash "∕" (which reads the same,
 * opens in Obsidian and comes back as "/" on import), other characters archive tools refuse as "-".
 */
function segment(name: string): string {
  const safe = name
    .normalize("NFC")
    .replaceAll("/", "\u2215")
    .replace(/[\\:*?"<>|\u0000-\u001f]/g, "-")
    .replace(/^\.+/, "")
    .trim()
    .slice(0, 80);
  return safe || "folder";
}

/**
 * Each folder's path in the archive ("Work/Clients"), from the top down. Two sibling folders
 * whose names read the same get the start of their id after the name, so neither swallows the
 * other; a folder whose parent is missing sits at the top.
 */
export function folderPaths(folders: FolderRow[]): Map<string, string> {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const names = new Map<string, string>();
  const siblings = new Map<string, number>();
  for (const f of folders) {
    const key = `${f.parent_id && byId.has(f.parent_id) ? f.parent_id : ""}/${segment(f.name).toLowerCase()}`;
    siblings.set(key, (siblings.get(key) ?? 0) + 1);
  }
  for (const f of folders) {
    const key = `${f.parent_id && byId.has(f.parent_id) ? f.parent_id : ""}/${segment(f.name).toLowerCase()}`;
    names.set(
      f.id,
      (siblings.get(key) ?? 0) > 1 ? `${segment(f.name)} ${f.id.slice(0, 8)}` : segment(f.name),
    );
  }
  const paths = new Map<string, string>();
  const pathOf = (id: string, seen: Set<string>): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const f = byId.get(id)!;
    const parent =
      f.parent_id && byId.has(f.parent_id) && !seen.has(f.parent_id)
        ? pathOf(f.parent_id, new Set(seen).add(id))
        : "";
    const path = parent ? `${parent}/${names.get(id)}` : names.get(id)!;
    paths.set(id, path);
    return path;
  };
  for (const f of folders) pathOf(f.id, new Set([f.id]));
  return paths;
}
