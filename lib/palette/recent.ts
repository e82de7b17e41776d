/** The notes this person opened last on this device, newest first; kept in localStorage. */
export interface RecentNote {
  id: string;
  title: string;
}

const LIMIT = 8;

function key(userId: string): string {
  return `groundwork:${userId}:palette-recent`;
}

export function recentNotes(userId: string): RecentNote[] {
  try {
    const stored = JSON.parse(localStorage.getItem(key(userId)) ?? "[]") as unknown;
    if (!Array.isArray(stored)) return [];
    return stored.filter(
      (r): r is RecentNote =>
        typeof r === "object" &&
        r !== null &&
        typeof r.id === "string" &&
        typeof r.title === "string",
    );
  } catch {
    return [];
  }
}

/** Puts `note` first; a visit whose title is not known yet keeps the title last seen. */
export function rememberNote(userId: string, note: { id: string; title?: string }): void {
  const list = recentNotes(userId);
  const before = list.find((r) => r.id === note.id);
  const next = [
    { id: note.id, title: note.title ?? before?.title ?? "" },
    ...list.filter((r) => r.id !== note.id),
  ].slice(0, LIMIT);
  try {
    localStorage.setItem(key(userId), JSON.stringify(next));
  } catch {
    // Storage full or refused: the palette simply remembers less.
  }
}

export function forgetNote(userId: string, id: string): void {
  try {
    localStorage.setItem(
      key(userId),
      JSON.stringify(recentNotes(userId).filter((r) => r.id !== id)),
    );
  } catch {}
}
