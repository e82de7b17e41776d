/**
 * Changes this tab made to a note, for the parts of the page that show it (the list) without
 * waiting for the server or Realtime to tell them.
 */
export type LocalNoteChange = {
  id: string;
  title: string;
  body: string;
  updated_at: string;
  /** The tags the note's text holds now, where the editor read them. */
  tags?: string[];
};

const EVENT = "groundwork:note-changed";

export function announceNoteChange(change: LocalNoteChange): void {
  window.dispatchEvent(new CustomEvent<LocalNoteChange>(EVENT, { detail: change }));
}

export function onNoteChange(listener: (change: LocalNoteChange) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<LocalNoteChange>).detail);
  window.addEventListener(EVENT, handler);
  return () => window.removeEventListener(EVENT, handler);
}
