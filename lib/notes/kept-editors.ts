/** An editor the host keeps, and whether it is still in the page (shown, or kept out of sight). */
export type KeptEditor = { noteId: string; connected: boolean };

/** How many editors of notes left behind stay ready to show again at once. */
export const PARKED_EDITORS = 3;

/**
 * The editors to keep once the note opened last is on screen, oldest first as given: those still
 * in the page (the one shown, and one kept out of sight with its page while another note opens),
 * and the most recent `parked` of those whose page has gone. A note flipped back to then shows
 * its editor as it was, caret and all, with no read from the device and no editor to build. An
 * editor is let go only after the next note shows, so its teardown (the editor, its device copy)
 * never comes between a click and the note.
 */
export function editorsToKeep<T extends KeptEditor>(
  editors: readonly T[],
  parked = PARKED_EDITORS,
): T[] {
  const gone = editors.filter((e) => !e.connected);
  const parkedOnes = new Set(gone.slice(Math.max(0, gone.length - parked)));
  return editors.filter((e) => e.connected || parkedOnes.has(e));
}
