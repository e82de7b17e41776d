import { Extension } from "@tiptap/core";
import type { EditorState } from "@tiptap/pm/state";
import { yCursorPlugin } from "@tiptap/y-tiptap";
import type { Awareness } from "y-protocols/awareness";

import { colorFor } from "@/lib/notes/presence";

/** What each device puts in its awareness state under `user`. */
export interface CaretUser {
  id: string;
  name: string;
}

/** Who an id is, as the server has them: the name on their caret and, when they have one, a face. */
export type CaretPerson = { name: string; avatarUrl: string | null };
export type CaretPersonOf = (userId: string) => CaretPerson | null;

/** An id in another device's awareness; anything else than a plain id is no id. */
function caretId(raw: unknown): string {
  const u = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  return typeof u.id === "string" && /^[0-9a-f-]{36}$/i.test(u.id) ? u.id : "";
}

/**
 * Another device's awareness is written by that device: only its id is used, for the colour (so
 * nobody picks someone else's or slips styles in) and to look up the name and face the server has
 * for it. The name the device wrote is not shown.
 */
function caretUser(raw: unknown, personOf: CaretPersonOf): CaretPerson & { color: string } {
  const id = caretId(raw);
  const person = id ? personOf(id) : null;
  return {
    name: person?.name || "Someone",
    avatarUrl: person?.avatarUrl ?? null,
    color: id ? colorFor(id) : "#57534e",
  };
}

const FACE = 14;

/** The caret's label: a face when there is one, then the name. */
function fillLabel(label: HTMLElement, { name, avatarUrl }: CaretPerson) {
  label.replaceChildren();
  if (avatarUrl) {
    const face = document.createElement("img");
    face.src = avatarUrl;
    face.alt = "";
    face.width = FACE;
    face.height = FACE;
    face.style.cssText = `display:inline-block;width:${FACE}px;height:${FACE}px;margin:0 3px 1px -2px;border-radius:9999px;object-fit:cover;vertical-align:middle;`;
    label.append(face);
  }
  label.append(name);
}

/** The caret drawn for another device's awareness `user`. */
export function caretElement(raw: unknown, personOf: CaretPersonOf): HTMLElement {
  const { color, ...person } = caretUser(raw, personOf);
  const caret = document.createElement("span");
  caret.className = "collaborator-caret";
  // Not text of the note: the toolbar's list says who is here.
  caret.setAttribute("aria-hidden", "true");
  caret.setAttribute("data-collaborator", person.name);
  caret.setAttribute("data-user-id", caretId(raw));
  caret.style.cssText = `position:relative;margin-left:-1px;margin-right:-1px;border-left:2px solid ${color};word-break:normal;pointer-events:none;`;
  const label = document.createElement("span");
  label.className = "collaborator-caret-label";
  label.style.cssText = `position:absolute;top:-1.35em;left:-2px;z-index:1;padding:0 4px;border-radius:3px 3px 3px 0;background:${color};color:#fff;font-size:11px;font-weight:600;line-height:1.4;white-space:nowrap;user-select:none;font-style:normal;`;
  fillLabel(label, person);
  caret.append("\u2060", label, "\u2060");
  return caret;
}

/**
 * The carets already drawn in `root` say again who they are, once the server's list of people is
 * read (again). The editor keeps a caret's element while its device is there, so it is relabelled
 * in place; the editor ignores changes inside it.
 */
export function relabelCarets(root: ParentNode, personOf: CaretPersonOf) {
  for (const caret of root.querySelectorAll<HTMLElement>(".collaborator-caret[data-user-id]")) {
    const { name, avatarUrl } = caretUser({ id: caret.dataset.userId }, personOf);
    const label = caret.querySelector<HTMLElement>(".collaborator-caret-label");
    if (!label) continue;
    const face = label.querySelector("img")?.getAttribute("src") ?? null;
    if (caret.dataset.collaborator === name && face === avatarUrl) continue;
    caret.setAttribute("data-collaborator", name);
    fillLabel(label, { name, avatarUrl });
  }
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
    /** Whether nobody else has the note open, so this device's caret is kept to itself. */
    isAlone: () => alone,
  };
}

const NOWHERE = { anchor: 0, head: 0 } as unknown as EditorState["selection"];

/**
 * Each collaborator's caret and selection in the note, in their colour with their name, from the
 * Yjs awareness the note's channel carries (@tiptap/y-tiptap's cursor plugin, which Tiptap's
 * collaboration caret extension wraps).
 */
export const CollaboratorCarets = Extension.create<{
  awareness: Awareness | null;
  /** This person: their carets on their other devices are not shown here. */
  selfId: string;
  /** Who an id is, from the server's list of the note's people. */
  personOf: CaretPersonOf;
  /**
   * While this is true the caret is not written for others (see `caretAwareness`), so it is not
   * worked out either: the plugin would find it in the Yjs document, from the note's first block,
   * on every keystroke.
   */
  alone: () => boolean;
}>({
  name: "collaboratorCarets",
  addOptions() {
    return { awareness: null, selfId: "", personOf: () => null, alone: () => false };
  },
  addProseMirrorPlugins() {
    const { awareness, selfId, personOf, alone } = this.options;
    if (!awareness) return [];
    return [
      yCursorPlugin(awareness, {
        awarenessStateFilter: (mine: number, theirs: number, state: { user?: { id?: unknown } }) =>
          mine !== theirs && state?.user?.id !== selfId,
        cursorBuilder: (raw: unknown) => caretElement(raw, personOf),
        selectionBuilder: (raw: unknown) => ({
          style: `background-color: ${caretUser(raw, personOf).color}33`,
          class: "collaborator-selection",
        }),
        // The note's start is found at once; the plugin's write of it is dropped while alone.
        getSelection: (state: EditorState) => (alone() ? NOWHERE : state.selection),
      }),
    ];
  },
});
