export interface NoteRow {
  id: string;
  title: string | null;
  body: string | null;
  pinned: boolean | null;
  deleted_at: string | null;
  share_slug: string | null;
  created_at: string | null;
  updated_at: string | null;
}

// A JSON string is a valid YAML double-quoted scalar, so any title survives the front matter.
const yamlValue = (v: unknown) => (v === null || v === undefined ? "null" : JSON.stringify(v));

/** A note as Markdown with YAML front matter carrying everything but the body. */
export function noteMarkdown(note: NoteRow): string {
  const front = {
    id: note.id,
    title: note.title ?? "",
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
