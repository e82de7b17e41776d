import { attachmentType, refusalFor } from "@/lib/attachments/limits";
import { formatBytes } from "@/lib/format-bytes";
import { sharedFields, type SharedFields } from "@/lib/share-target/shared-note";

/** The manifest's name for the files a share carries (`share_target.params.files[0].name`). */
export const SHARED_FILES_FIELD = "files";

/** How many files one share may carry, and how much they may hold together. */
export const SHARED_FILES_MAX_COUNT = 10;
export const SHARED_FILES_MAX_BYTES = 200 * 1024 * 1024;

/** What a share with files holds once read: its text, the files taken, and why others were not. */
export type SharedForm = { fields: SharedFields; files: File[]; refused: string[] };

const isFile = (value: unknown): value is File =>
  typeof value === "object" && value !== null && "size" in value && "name" in value;

/** A file input left empty sends a part with no name and no bytes: that is no file. */
const isShared = (file: File) => file.name !== "" || file.size > 0;

/** Whether a form carries any file at all, in whatever field (the server takes none). */
export function formHasFiles(form: FormData): boolean {
  for (const [, value] of form.entries()) if (isFile(value) && isShared(value)) return true;
  return false;
}

/**
 * Reads a share's form: its text fields as the server reads them, and its files, each checked as
 * the editor checks an attachment (type, size), then against what one share may carry. A file
 * that is not taken is named with the reason, so it is never dropped without a word.
 */
export function readSharedForm(
  form: FormData,
  limits = { count: SHARED_FILES_MAX_COUNT, bytes: SHARED_FILES_MAX_BYTES },
): SharedForm {
  const fields = sharedFields((name) => form.get(name));
  const files: File[] = [];
  const refused: string[] = [];
  let total = 0;
  for (const value of form.getAll(SHARED_FILES_FIELD)) {
    if (!isFile(value) || !isShared(value)) continue;
    const refusal = refusalFor({
      name: value.name,
      type: attachmentType(value),
      size: value.size,
    });
    if (refusal) refused.push(refusal);
    else if (files.length >= limits.count)
      refused.push(
        `“${value.name}” was not taken: one share can carry at most ${limits.count} files.`,
      );
    else if (total + value.size > limits.bytes)
      refused.push(
        `“${value.name}” was not taken: the files of one share can hold at most ${formatBytes(limits.bytes)} together.`,
      );
    else {
      files.push(value);
      total += value.size;
    }
  }
  return { fields, files, refused };
}
