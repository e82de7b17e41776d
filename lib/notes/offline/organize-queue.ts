import { noteChangesKey } from "@/lib/notes/offline/note-changes-key";
import type { ShellNote } from "@/lib/notes/offline/shell-list";

/**
 * Pins and Trash made on this device while it could not reach the server, kept (localStorage) until
 * the server has them, and carried out in the order they were made. One entry per note and kind:
 * a newer one replaces the older (the device's last word is what its person sees), and goes to the
 * end of the line. Moves wait in their own queue (`lib/folders/move-queue.ts`).
 *
 * Between devices the later action to reach the server wins, as for every other write: the server
 * orders them by when they arrive, where device clocks (a phone offline for a week, set wrong)
 * cannot be trusted to. Text is not touched by any of these, so edits made elsewhere meanwhile
 * merge as always.
 */
export type NoteChange =
  | { id: string; kind: "pin"; pinned: boolean; at: string }
  | { id: string; kind: "trash"; trashed: boolean; at: string };

type KeyValue = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const key = noteChangesKey;

function valid(c: unknown): c is NoteChange {
  if (!c || typeof c !== "object") return false;
  const change = c as Record<string, unknown>;
  if (typeof change.id !== "string" || typeof change.at !== "string") return false;
  if (change.kind === "pin") return typeof change.pinned === "boolean";
  if (change.kind === "trash") return typeof change.trashed === "boolean";
  return false;
}

export function queuedChanges(storage: KeyValue, userId: string): NoteChange[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key(userId)) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(valid) : [];
  } catch {
    return [];
  }
}

function write(storage: KeyValue, userId: string, changes: NoteChange[]): void {
  if (changes.length === 0) storage.removeItem(key(userId));
  else storage.setItem(key(userId), JSON.stringify(changes));
}

/** Keeps a change, replacing an older one of the same kind for the same note. */
export function queueChange(storage: KeyValue, userId: string, change: NoteChange): void {
  const others = queuedChanges(storage, userId).filter(
    (c) => !(c.id === change.id && c.kind === change.kind),
  );
  write(storage, userId, [...others, change]);
}

/** Forgets a change the server has, unless a newer one for the same note and kind came meanwhile. */
export function settleChange(storage: KeyValue, userId: string, change: NoteChange): void {
  const changes = queuedChanges(storage, userId);
  const left = changes.filter(
    (c) => !(c.id === change.id && c.kind === change.kind && c.at === change.at),
  );
  if (left.length !== changes.length) write(storage, userId, left);
}

/** Forgets every change to a note (one made here and deleted before it reached the server). */
export function dropChangesFor(storage: KeyValue, userId: string, id: string): void {
  const changes = queuedChanges(storage, userId);
  const left = changes.filter((c) => c.id !== id);
  if (left.length !== changes.length) write(storage, userId, left);
}

/** A failure worth trying again: no answer, or the server away ("Couldn't …" from the actions). */
export type SendResult = { error?: string; retry?: boolean };

/**
 * Sends every waiting change in order with `send`. A refusal (the note is gone) is handed to
 * `onRefused` with its message and dropped; an unanswered one stops the line, so nothing is sent
 * out of order, and everything left waits for the next reconnect. Resolves with how many were sent.
 */
export async function flushChanges(
  storage: KeyValue,
  userId: string,
  send: (change: NoteChange) => Promise<SendResult>,
  onRefused: (change: NoteChange, message: string) => void,
): Promise<number> {
  let sent = 0;
  for (const change of queuedChanges(storage, userId)) {
    let result: SendResult;
    try {
      result = await send(change);
    } catch {
      return sent;
    }
    if (result.retry) return sent;
    if (result.error) onRefused(change, result.error);
    settleChange(storage, userId, change);
    sent++;
  }
  return sent;
}

/**
 * The offline shell's notes with what waits on this device laid over them: pins, moves (by folder
 * id, named from the kept folders) and Trash. Trashed notes are listed apart, newest first, so they
 * can be restored.
 */
export function withWaitingChanges(
  notes: ShellNote[],
  changes: NoteChange[],
  moves: Record<string, string | null>,
  folderNames: Map<string, string>,
): { notes: ShellNote[]; trash: ShellNote[]; waiting: Set<string> } {
  const waiting = new Set<string>([...changes.map((c) => c.id), ...Object.keys(moves)]);
  const trashed = new Set<string>();
  const shown = notes.map((note) => {
    let next = note;
    if (note.id in moves) {
      const folder = moves[note.id];
      next = {
        ...next,
        folder_id: folder,
        folder: folder ? (folderNames.get(folder) ?? null) : null,
      };
    }
    for (const change of changes) {
      if (change.id !== note.id) continue;
      if (change.kind === "pin") next = { ...next, pinned: change.pinned };
      if (change.kind === "trash" && change.trashed) trashed.add(note.id);
      if (change.kind === "trash" && !change.trashed) trashed.delete(note.id);
    }
    return next;
  });
  const madeHere = shown.filter((n) => n.madeHere);
  const kept = shown
    .filter((n) => !n.madeHere && !trashed.has(n.id))
    .sort(
      (a, b) =>
        Number(b.pinned) - Number(a.pinned) ||
        (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : 0) ||
        (a.id < b.id ? -1 : 1),
    );
  const at = new Map(changes.filter((c) => c.kind === "trash").map((c) => [c.id, c.at]));
  const trash = shown
    .filter((n) => trashed.has(n.id))
    .sort((a, b) => ((at.get(a.id) ?? "") < (at.get(b.id) ?? "") ? 1 : -1));
  return { notes: [...madeHere, ...kept], trash, waiting };
}
