/**
 * Notes made on this device while it could not reach the server, kept (localStorage) until the
 * server has them. The id is made here, so the note opens and is written in at once; the first
 * time its document is stored (the note's own page, or any notes page on reconnect) the row is
 * inserted with that id first. Inserting an id the server already has is a success, so two tabs
 * reconnecting together make the note once. A note deleted before then never reaches the server.
 */
export type NoteMadeHere = {
  id: string;
  folder: string | null;
  created_at: string;
  /** Pinned before it reached the server: it is made pinned. */
  pinned?: boolean;
};

type KeyValue = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const key = (userId: string) => `groundwork:${userId}:new-notes`;

export function notesMadeHere(storage: KeyValue, userId: string): NoteMadeHere[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key(userId)) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (n): n is NoteMadeHere =>
        !!n &&
        typeof n.id === "string" &&
        (n.folder === null || typeof n.folder === "string") &&
        typeof n.created_at === "string",
    );
  } catch {
    return [];
  }
}

function write(storage: KeyValue, userId: string, notes: NoteMadeHere[]): void {
  try {
    if (notes.length === 0) storage.removeItem(key(userId));
    else storage.setItem(key(userId), JSON.stringify(notes));
  } catch {
    // Storage full or refused: the note cannot be kept, and its maker says so.
    throw new Error("This device has no room left to keep a new note.");
  }
}

/** Remembers a note made here; the newest comes first, as the list shows it. */
export function keepNoteMadeHere(storage: KeyValue, userId: string, note: NoteMadeHere): void {
  const others = notesMadeHere(storage, userId).filter((n) => n.id !== note.id);
  write(storage, userId, [note, ...others]);
}

export function madeHere(storage: KeyValue, userId: string, id: string): NoteMadeHere | null {
  return notesMadeHere(storage, userId).find((n) => n.id === id) ?? null;
}

/** Forgets a note made here: the server has it, or it was deleted before it ever reached it. */
export function forgetNoteMadeHere(storage: KeyValue, userId: string, id: string): void {
  const notes = notesMadeHere(storage, userId);
  if (notes.some((n) => n.id === id)) {
    write(
      storage,
      userId,
      notes.filter((n) => n.id !== id),
    );
  }
}

/** Files or pins a note made here before it reaches the server: it is made that way. */
export function changeNoteMadeHere(
  storage: KeyValue,
  userId: string,
  id: string,
  change: Partial<Pick<NoteMadeHere, "folder" | "pinned">>,
): void {
  write(
    storage,
    userId,
    notesMadeHere(storage, userId).map((n) => (n.id === id ? { ...n, ...change } : n)),
  );
}
