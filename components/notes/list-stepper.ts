import { shortcutFor, type ShortcutAction } from "@/lib/notes/shortcuts";

/**
 * The keyboard's way into a list that renders only its rows near the view: the list registers how
 * to move from one note to the next (scrolling a row into being first), and the shortcuts ask it
 * before walking the links on the page. Answers false when no such list is showing.
 */
type Stepper = (step: 1 | -1 | 0) => boolean;

let stepper: Stepper | null = null;

export function registerListStepper(next: Stepper): () => void {
  stepper = next;
  return () => {
    if (stepper === next) stepper = null;
  };
}

export function stepList(step: 1 | -1 | 0): boolean {
  return stepper?.(step) ?? false;
}

/** The place (from 0) in the whole list of the row `element` is in (each row tells its own). */
export function rowPlace(element: Element | null): number | null {
  const row = element?.closest("li[aria-posinset]");
  return row ? Number(row.getAttribute("aria-posinset")) - 1 : null;
}

/** The place (from 0) of the row holding focus, when focus is on one of `list`'s rows. */
export function focusedRow(list: HTMLElement | null): number | null {
  const active = document.activeElement;
  return list?.contains(active) ? rowPlace(active) : null;
}

/**
 * Where a step of `by` leads among `notes`: on from `from` (the row the keyboard is on, or one it is
 * on its way to), else from the open note's row, else to the first row.
 */
export function stepTarget(
  from: number | null,
  by: 1 | -1 | 0,
  notes: readonly { id: string }[],
  open: string | null,
): number {
  const index = from ?? notes.findIndex((n) => n.id === open);
  return Math.min(notes.length - 1, Math.max(0, index === -1 ? 0 : index + by));
}

/**
 * The notes screens' action a key press asks for, or null: none, one already handled, one typed
 * while composing text, an Escape an open menu in the note closes first (the / menu, the link
 * field), or a key typed in a dialog (the palette's field is the dialog's).
 */
export function notesKeyAction(event: KeyboardEvent): ShortcutAction | null {
  if (event.defaultPrevented || event.isComposing) return null;
  if (event.key === "Escape" && document.querySelector("[data-closes-on-escape]")) return null;
  if (event.target instanceof Element && event.target.closest("[role=dialog]")) return null;
  return shortcutFor({
    key: event.key,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    altKey: event.altKey,
    inField: isField(event.target),
    inList: event.target instanceof HTMLElement && event.target.hasAttribute("data-note-link"),
  });
}

/** Typing in a field or the editor, where single-key shortcuts stay out of the way. */
function isField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** Focuses a note in the list: `step` from the focused (or open) one; 0 is the open one itself. */
export function moveInList(step: 1 | -1 | 0) {
  // The notes list renders only the rows near the view, so it moves through its own notes.
  if (stepList(step)) return;
  const links = [...document.querySelectorAll<HTMLElement>("[data-note-link]")].filter(
    (el) => el.offsetParent !== null,
  );
  if (links.length === 0) return;
  const active = document.activeElement as HTMLElement | null;
  let index = links.findIndex((el) => el === active);
  if (index === -1) index = links.findIndex((el) => el.getAttribute("aria-current") === "page");
  const target = index === -1 ? 0 : index + step;
  const next = links[Math.min(links.length - 1, Math.max(0, target))];
  next.focus();
}
