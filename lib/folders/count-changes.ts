/** A note as a change tells it; the counts read its folder and whether it is in the Trash. */
type ChangedNote = { [column: string]: unknown };

/**
 * Whether a note's change may change a folder's count. A change tells the note as it is now, not
 * as it was, so the notes already heard of are remembered with what the counts read of
 * them: a note typed in is saved again and again with the same folder, and none of those saves
 * needs the folders read again. A note not heard of before may have been filed or trashed, so it is.
 */
export function countChangeFilter() {
  const seen = new Map<string, string>();
  return (row: ChangedNote | null | undefined): boolean => {
    if (!row || typeof row.id !== "string") return true;
    const counted = `${String(row.folder_id ?? "")} ${row.deleted_at ? "trash" : ""}`;
    if (seen.get(row.id) === counted) return false;
    seen.set(row.id, counted);
    return true;
  };
}
