import { Extension } from "@tiptap/core";
import { yCursorPlugin } from "@tiptap/y-tiptap";
import type { Awareness } from "y-protocols/awareness";

import { colorFor } from "@/lib/notes/presence";

/** What each device puts in its awareness state under `user`. */
export interface CaretUser {
  id: string;
  name: string;
}

/**
 * Another device's awareness is written by that device: only its id (for the colour, so nobody
 * picks someone else's or slips styles in) and its name (shown as text) are used.
 */
function caretUser(raw: unknown): { name: string; color: string } {
  const u = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  const id = typeof u.id === "string" ? u.id : "";
  const name = typeof u.name === "string" && u.name.trim() ? u.name.trim().slice(0, 80) : "Someone";
  return { name, color: id ? colorFor(id) : "#57534e" };
}

function caret(raw: unknown): HTMLElement {
  const { name, color } = caretUser(raw);
  const caret = document.createElement("span");
  caret.className = "collaborator-caret";
  // Not text of the note: the toolbar's list says who is here.
  caret.setAttribute("aria-hidden", "true");
  caret.setAttribute("data-collaborator", name);
  caret.style.cssText = `position:relative;margin-left:-1px;margin-right:-1px;border-left:2px solid ${color};word-break:normal;pointer-events:none;`;
  const label = document.createElement("span");
  label.className = "collaborator-caret-label";
  label.style.cssText = `position:absolute;top:-1.35em;left:-2px;z-index:1;padding:0 4px;border-radius:3px 3px 3px 0;background:${color};color:#fff;font-size:11px;font-weight:600;line-height:1.4;white-space:nowrap;user-select:none;font-style:normal;`;
  label.textContent = name;
  caret.append("\u2060", label, "\u2060");
  return caret;
}

/**
 * The awareness the caret plugin is given: while nobody else has the note open, this device's
 * caret is not written into it. The plugin writes the caret on every keystroke, and each write
 * makes it redraw the editor once more; alone, nobody would see it. `setAlone(false)` lets writes
 * through again; the editor then makes the plugin write where the caret is now.
 */
export function caretAwareness(awareness: Awareness) {
  let alone = true;
  const quiet = new Proxy(awareness, {
    get(target, prop, receiver) {
      if (prop === "setLocalStateField")
        return (field: string, value: unknown) => {
          if (alone && field === "cursor") return;
          target.setLocalStateField(field, value);
        };
      return Reflect.get(target, prop, receiver);
    },
  });
  return {
    awareness: quiet,
    setAlone(value: boolean) {
      alone = value;
    },
  };
}

/**
 * Each collaborator's caret and selection in the note, in their colour with their name, from the
 * Yjs awareness the note's channel carries (@tiptap/y-tiptap's cursor plugin, which Tiptap's
 * collaboration caret extension wraps).
 */
export const CollaboratorCarets = Extension.create<{
  awareness: Awareness | null;
  /** This person: their carets on their other devices are not shown here. */
  selfId: string;
}>({
  name: "collaboratorCarets",
  addOptions() {
    return { awareness: null, selfId: "" };
  },
  addProseMirrorPlugins() {
    const { awareness, selfId } = this.options;
    if (!awareness) return [];
    return [
      yCursorPlugin(awareness, {
        awarenessStateFilter: (mine: number, theirs: number, state: { user?: { id?: unknown } }) =>
          mine !== theirs && state?.user?.id !== selfId,
        cursorBuilder: caret,
        selectionBuilder: (raw: unknown) => ({
          style: `background-color: ${caretUser(raw).color}33`,
          class: "collaborator-selection",
        }),
      }),
    ];
  },
});
