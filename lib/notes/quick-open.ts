/**
 * Opening a note from this device's copy the moment its row in the list is clicked (or taken with
 * Enter), before the server's page for it arrives. Pure decisions; the editor host acts on them.
 */

const NOTE_PATH = /^\/notes\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export type ListClick = {
  /** The link's `href` attribute, as the list writes it (`/notes/<id>`). */
  href: string | null;
  button: number;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** The link's `target` attribute: a note opened in another tab is not this pane's. */
  target: string | null;
};

/**
 * The note a click in the list opens from the device at once, or null to let the page navigate as
 * it would: a plain primary click (a modified one opens a tab or a window), on a note this device
 * holds, that is not the one already shown.
 */
export function quickOpenTarget(
  click: ListClick,
  onDevice: ReadonlySet<string>,
  shown: string | null,
): string | null {
  if (click.button !== 0 || click.ctrlKey || click.metaKey || click.shiftKey || click.altKey)
    return null;
  if (click.target && click.target !== "_self") return null;
  const id = NOTE_PATH.exec(click.href ?? "")?.[1];
  if (!id || id === shown || !onDevice.has(id)) return null;
  return id;
}
