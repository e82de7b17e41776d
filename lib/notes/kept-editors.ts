/** An editor the host keeps, and whether it is still in the page (shown, or kept out of sight). */
export type KeptEditor = { noteId: string; connected: boolean };

/**
 * The editors to keep once the note opened last is on screen: those still in the page (the one
 * shown, and one kept out of sight with its page while another note opens). An editor whose page
 * has gone is let go only then, so its teardown (the editor, its device copy, its channel) comes
 * after the next note shows, not between the click and it.
 */
export function editorsToKeep<T extends KeptEditor>(editors: readonly T[]): T[] {
  return editors.filter((e) => e.connected);
}
