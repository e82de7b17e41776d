/**
 * Which notes have changes this device has not stored yet, so a later tab (one that opens the
 * list, not the note) stores them when it can reach the server. Only note ids are kept here; the
 * changes themselves are in the note's IndexedDB copy.
 */
const key = (userId: string) => `groundwork:${userId}:unsaved-notes`;

type KeyValue = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function pendingNotes(storage: KeyValue, userId: string): string[] {
  try {
    const ids: unknown = JSON.parse(storage.getItem(key(userId)) ?? "[]");
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

export function markPending(
  storage: KeyValue,
  userId: string,
  noteId: string,
  pending: boolean,
): void {
  const ids = pendingNotes(storage, userId);
  if (ids.includes(noteId) === pending) return;
  const next = pending ? [...ids, noteId] : ids.filter((id) => id !== noteId);
  try {
    if (next.length === 0) storage.removeItem(key(userId));
    else storage.setItem(key(userId), JSON.stringify(next));
  } catch {
    // Storage full or refused: the note's own page still stores its changes when it is opened.
  }
}
