import { shareWithFilesIntoNote } from "@/lib/share-target/actions";
import {
  forgetPendingShare,
  keepNoteFiles,
  pendingShare,
  pendingShareIds,
} from "@/lib/share-target/kept-files";

export const SHARE_GONE =
  "What you shared is no longer on this device (a note was made of it already, or someone signed out since). Share it again.";

export const SHARE_WAITS_OFFLINE =
  "You’re offline. What you shared is kept on this device and becomes a note once you’re back online.";

const NOT_MADE =
  "The note could not be made of what you shared. Check your connection and try again.";

export type Claimed =
  | { offline: true }
  /** Another tab is making the note of it right now. */
  | { busy: true }
  /** No note when nothing but refused files was shared: the refusals say why. */
  | { noteId: string | null; refused: string[] }
  | { error: string; refused: string[]; retry: boolean };

/**
 * Makes a note of a share the service worker kept (sw/share-target.ts), once the notes page knows
 * who is signed in: the server makes the note of its text, the files move into the person's own
 * store for that note (the editor attaches them as it attaches any file, uploading when online),
 * and only then is the pending share forgotten. Offline, or when the note cannot be made, the
 * share stays where it is, to be claimed again.
 */
export async function claimShare(id: string): Promise<Claimed> {
  // One tab at a time makes the note of a share: another tab claiming it now is left to it.
  if (typeof navigator !== "undefined" && navigator.locks) {
    const claimed = await navigator.locks.request(
      `groundwork:share:${id}`,
      { ifAvailable: true },
      (lock) => (lock ? claimOnce(id) : null),
    );
    return claimed ?? { busy: true };
  }
  return claimOnce(id);
}

/**
 * The shares still kept on this device besides `except`: one whose claim failed (and whose tab
 * was closed) is made a note the next time the notes page starts.
 */
export async function leftOverShares(except: string | null): Promise<string[]> {
  const ids = await pendingShareIds().catch(() => []);
  return ids.filter((id) => id !== except);
}

async function claimOnce(id: string): Promise<Claimed> {
  const share = await pendingShare(id).catch(() => null);
  if (!share) return { error: SHARE_GONE, refused: [], retry: false };
  const { fields, files, refused } = share;
  if (navigator.onLine === false) return { offline: true };
  const nothingElse = [fields.title, fields.text, fields.url].every((f) => f.trim() === "");
  if (files.length === 0 && nothingElse) {
    await forgetPendingShare(id).catch(() => undefined);
    return { noteId: null, refused };
  }
  const made = await shareWithFilesIntoNote(
    fields,
    files.map((file) => file.name),
    id,
  ).catch(() => ({ error: NOT_MADE }));
  if ("error" in made) return { error: made.error, refused, retry: true };
  try {
    await keepNoteFiles(made.userId, made.id, files, id);
  } catch {
    // The note is made; the files are still in the pending store, and stay there to try again.
    // Trying again finds the same note (it has the share's id) and keeps the files for it.
    return {
      error:
        "The shared files could not be kept for the note on this device. Free some space and try again.",
      refused,
      retry: true,
    };
  }
  await forgetPendingShare(id).catch(() => undefined);
  return { noteId: made.id, refused };
}
