import type { Database } from "@/lib/supabase/database.types";

/** One row of a note's timeline, as `note_history` returns it. */
export type VersionRow = Database["public"]["Functions"]["note_history"]["Returns"][number];

const KIND_LABELS: Record<string, string> = {
  session: "Edited",
  before_restore: "Before restore",
  restore: "Restored",
  import: "Imported",
};

export const kindLabel = (kind: string) => KIND_LABELS[kind] ?? kind;

/** "+12 −3 words", or "No change to the words". */
export function wordsLine(v: Pick<VersionRow, "words_added" | "words_removed">): string {
  if (v.words_added === 0 && v.words_removed === 0) return "No change to the words";
  return `+${v.words_added} −${v.words_removed} words`;
}

/** Bytes in a short human form. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
