import { oneStore } from "@/lib/local-db/one-store";
import type { SharedFields } from "@/lib/share-target/shared-note";

/**
 * Files shared into the installed app, kept on this device until they are attached. The service
 * worker cannot know who is signed in, so it keeps a share in a pending store
 * (`groundwork:shared`) under an id made there; the notes page claims it once it knows the
 * person, moving the files into their own store (`groundwork:<user>:shared-files`, by note) until
 * the editor has uploaded each one. Both are `groundwork:` databases, deleted at sign-out.
 */
export type PendingShare = {
  id: string;
  fields: SharedFields;
  files: File[];
  /** Files that were not taken, each named with the reason, said when the share is claimed. */
  refused: string[];
  at: number;
};

export type NoteFile = { id: string; noteId: string; file: File };

/** The databases' names: both under the prefix every sign-out deletes (`forgetDevice`). */
export const PENDING_SHARES_DATABASE = "groundwork:shared";
export const sharedFilesDatabase = (userId: string) => `groundwork:${userId}:shared-files`;

const pending = oneStore(PENDING_SHARES_DATABASE, "shares", { keyPath: "id" });
const ownStore = (userId: string) =>
  oneStore(sharedFilesDatabase(userId), "files", { keyPath: "id" });

/** Where a kept share is claimed: the notes page, through signing in when needed. */
export function claimPath(id: string): string {
  return `/notes?action=share&shared=${encodeURIComponent(id)}`;
}

export async function keepPendingShare(share: PendingShare): Promise<void> {
  await pending.run("readwrite", (store) => store.put(share));
}

/** The share kept under `id`, or null when this device has none (claimed, or signed out since). */
export async function pendingShare(id: string): Promise<PendingShare | null> {
  const found = await pending.run("readonly", (store) => store.get(id));
  return (found as PendingShare | undefined) ?? null;
}

/** The ids of the shares this device still keeps, oldest first. */
export async function pendingShareIds(): Promise<string[]> {
  const all = (await pending.run("readonly", (store) => store.getAll())) as PendingShare[];
  return all.sort((a, b) => a.at - b.at).map((share) => share.id);
}

export async function forgetPendingShare(id: string): Promise<void> {
  await pending.run("readwrite", (store) => store.delete(id));
}

/**
 * Keeps a share's files as the person's own, for the note made of it. Each is kept under the
 * share's id and its place in it, so keeping them again (a claim tried again) keeps them once.
 */
export async function keepNoteFiles(
  userId: string,
  noteId: string,
  files: File[],
  shareId: string,
): Promise<void> {
  await ownStore(userId).run("readwrite", (store) => {
    files.forEach((file, at) => store.put({ id: `${shareId}:${at}`, noteId, file } as NoteFile));
  });
}

/** The shared files still to attach to this note. */
export async function noteFilesKept(userId: string, noteId: string): Promise<NoteFile[]> {
  const all = (await ownStore(userId).run("readonly", (store) => store.getAll())) as NoteFile[];
  return all.filter((kept) => kept.noteId === noteId);
}

/** A kept file is attached (or the person let it go): it leaves the device. */
export async function forgetNoteFile(userId: string, id: string): Promise<void> {
  await ownStore(userId).run("readwrite", (store) => store.delete(id));
}

/**
 * Of the files kept for a note, those already in it (an attachment of the same name and size) and
 * those still to attach: a tab closed after a file went in but before its copy here was let go
 * does not attach it a second time.
 */
export function sortKeptFiles(
  kept: NoteFile[],
  inNote: { name: string; size: number }[],
): { attached: NoteFile[]; toAttach: NoteFile[] } {
  const present = new Map<string, number>();
  for (const a of inNote) {
    const key = `${a.size}:${a.name}`;
    present.set(key, (present.get(key) ?? 0) + 1);
  }
  const attached: NoteFile[] = [];
  const toAttach: NoteFile[] = [];
  for (const k of kept) {
    const key = `${k.file.size}:${k.file.name}`;
    const left = present.get(key) ?? 0;
    if (left > 0) {
      present.set(key, left - 1);
      attached.push(k);
    } else toAttach.push(k);
  }
  return { attached, toAttach };
}
