function isField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * What a key press asks of the palette on any signed-in page: Ctrl/⌘-K opens (or closes) it, `?`
 * outside a text field opens the shortcuts.
 */
export function paletteKey(event: KeyboardEvent): "palette" | "shortcuts" | null {
  if (event.defaultPrevented || event.isComposing) return null;
  const k = event.key.toLowerCase();
  if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && k === "k")
    return "palette";
  if (
    event.key === "?" &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.altKey &&
    !isField(event.target)
  )
    return "shortcuts";
  return null;
}
