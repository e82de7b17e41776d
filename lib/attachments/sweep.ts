/**
 * How long a file may sit in a note's folder with no node pointing at it before it is removed:
 * covers the moment between an upload finishing and its node reaching the other devices, an undo
 * right after removing one, and a cut followed by a paste.
 */
export const SWEEP_GRACE_MS = 60_000;

export type StoredFile = { name: string; id: string | null; created_at: string | null };

/**
 * The files of a note's folder that its document no longer refers to and that are old enough to
 * go. Folders (no id) and anything without a creation time are left alone.
 */
export function filesToSweep(
  folder: string,
  files: StoredFile[],
  referenced: ReadonlySet<string>,
  now: number,
  graceMs = SWEEP_GRACE_MS,
): string[] {
  return files
    .filter((f) => f.id !== null && f.created_at !== null)
    .filter((f) => now - Date.parse(f.created_at!) >= graceMs)
    .map((f) => `${folder}/${f.name}`)
    .filter((path) => !referenced.has(path));
}
