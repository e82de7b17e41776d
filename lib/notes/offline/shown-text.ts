import { toListItem } from "@/lib/notes/list";
import type { LocalNoteChange } from "@/lib/notes/local-changes";

/**
 * What the offline shell's list shows of a note written in it: its title, the start of its text and
 * when it was written, kept on this device (localStorage) until the list kept from the server is
 * newer. Without it a note made and written offline is listed as "Untitled note", a note edited
 * offline keeps its old title, and searching the device finds neither by what was written.
 */
export type ShownText = { title: string; preview: string; updated_at: string; tags?: string[] };

type KeyValue = Pick<Storage, "getItem" | "setItem">;

/** At most this many notes' text is kept (the most recently written): each entry is small. */
export const SHOWN_TEXT_LIMIT = 500;

export const shownTextKey = (userId: string) => `groundwork:${userId}:shown-text`;

export function shownTexts(storage: KeyValue, userId: string): Record<string, ShownText> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(shownTextKey(userId)) ?? "{}");
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).filter(
        (entry): entry is [string, ShownText] => {
          const t = entry[1] as ShownText | null;
          return (
            !!t &&
            typeof t.title === "string" &&
            typeof t.preview === "string" &&
            typeof t.updated_at === "string" &&
            (t.tags === undefined ||
              (Array.isArray(t.tags) && t.tags.every((tag) => typeof tag === "string")))
          );
        },
      ),
    );
  } catch {
    return {};
  }
}

/** Keeps a note's text as its editor last told it; the oldest go past SHOWN_TEXT_LIMIT. */
export function keepShownText(storage: KeyValue, userId: string, change: LocalNoteChange): void {
  const { preview } = toListItem({
    id: change.id,
    title: change.title,
    body: change.body,
    pinned: false,
    updated_at: change.updated_at,
    deleted_at: null,
  });
  const all = shownTexts(storage, userId);
  delete all[change.id];
  const kept = Object.entries(all)
    .sort(([, a], [, b]) => Date.parse(b.updated_at) - Date.parse(a.updated_at))
    .slice(0, SHOWN_TEXT_LIMIT - 1);
  const next = Object.fromEntries([
    [
      change.id,
      {
        title: change.title,
        preview,
        updated_at: change.updated_at,
        ...(change.tags ? { tags: change.tags } : {}),
      },
    ],
    ...kept,
  ]);
  try {
    storage.setItem(shownTextKey(userId), JSON.stringify(next));
  } catch {
    // Storage full: the list shows the text it had; the note's own copy holds what was written.
  }
}

/** The notes with the text written on this device where it is newer than the list's. */
export function withShownText<T extends { id: string } & ShownText>(
  notes: T[],
  texts: Record<string, ShownText>,
): T[] {
  return notes.map((note) => {
    const text = texts[note.id];
    // Times from the server and from this device are written differently: compared as times.
    return text && Date.parse(text.updated_at) >= Date.parse(note.updated_at)
      ? { ...note, ...text }
      : note;
  });
}

/** Forgets a note's text: the note was deleted on this device before it ever reached the server. */
export function forgetShownText(
  storage: KeyValue & Pick<Storage, "removeItem">,
  userId: string,
  id: string,
): void {
  const all = shownTexts(storage, userId);
  if (!(id in all)) return;
  delete all[id];
  try {
    if (Object.keys(all).length === 0) storage.removeItem(shownTextKey(userId));
    else storage.setItem(shownTextKey(userId), JSON.stringify(all));
  } catch {
    // Storage refused: the entry stays, and names a note the list no longer has.
  }
}
