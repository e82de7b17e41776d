/** What the editor's tag and link features ask of the app: existing tags and notes, and moves. */
export type NoteRefsSource = {
  /** The person's tags with how many notes carry each. */
  tags(): Promise<{ tag: string; count: number }[]>;
  /** The person's notes outside the Trash, by title. */
  notes(): Promise<{ id: string; title: string }[]>;
  /** Makes a note with this title; its id, or null when it could not be made. */
  createNote(title: string): Promise<string | null>;
  /** Goes to a page of the app (a tag's view, a linked note). */
  open(href: string): void;
};

/** The address of a tag's view: each part of its path encoded. */
export function tagHref(tag: string): string {
  return `/notes/tags/${tag.split("/").map(encodeURIComponent).join("/")}`;
}
