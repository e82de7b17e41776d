import type { PluginKey } from "@tiptap/pm/state";
import {
  exitSuggestion,
  type SuggestionKeyDownProps,
  type SuggestionProps,
} from "@tiptap/suggestion";

let popups = 0;

/**
 * A suggestion popup as an ARIA listbox: the caret stays in the note, which points at the listbox
 * (aria-controls, aria-expanded) and at the highlighted option (aria-activedescendant); arrows
 * move, Enter or Tab chooses, Escape closes. With nothing to offer it is not shown, and keys
 * go to the note as usual.
 */
export function listboxPopup<I>(config: {
  label: string;
  pluginKey: PluginKey;
  text: (item: I) => string;
  hint?: (item: I) => string | null;
}) {
  return () => {
    const id = `suggest-${++popups}`;
    let props: SuggestionProps<I, I> | null = null;
    let active = 0;
    let element: HTMLElement | null = null;
    let unmount: (() => void) | null = null;

    const editorDom = () => props?.editor.view.dom;
    const setOwner = (open: boolean) => {
      const dom = editorDom();
      if (!dom) return;
      if (open) {
        dom.setAttribute("aria-controls", id);
        dom.setAttribute("aria-expanded", "true");
        dom.setAttribute("aria-activedescendant", `${id}-${active}`);
      } else {
        for (const name of ["aria-controls", "aria-expanded", "aria-activedescendant"])
          dom.removeAttribute(name);
      }
    };

    const close = () => {
      unmount?.();
      unmount = null;
      element?.remove();
      element = null;
      setOwner(false);
    };

    const draw = () => {
      if (!props) return;
      if (props.items.length === 0) {
        close();
        return;
      }
      active = Math.min(active, props.items.length - 1);
      if (!element) {
        element = document.createElement("div");
        element.id = id;
        element.setAttribute("role", "listbox");
        element.setAttribute("aria-label", config.label);
        element.className =
          "z-50 min-w-56 max-w-80 overflow-hidden rounded-md border bg-popover p-1 text-sm text-popover-foreground shadow-md";
        element.addEventListener("mousedown", (event) => event.preventDefault());
        unmount = props.mount(element);
      }
      element.replaceChildren(
        ...props.items.map((item, i) => {
          const option = document.createElement("div");
          option.id = `${id}-${i}`;
          option.setAttribute("role", "option");
          option.setAttribute("aria-selected", String(i === active));
          option.className =
            "flex cursor-default items-center justify-between gap-3 rounded-sm px-2 py-1.5 aria-selected:bg-accent aria-selected:text-accent-foreground";
          const text = document.createElement("span");
          text.className = "truncate";
          text.textContent = config.text(item);
          option.append(text);
          const hint = config.hint?.(item);
          if (hint) {
            const small = document.createElement("span");
            small.className = "shrink-0 text-xs text-muted-foreground";
            small.textContent = hint;
            option.append(small);
          }
          option.addEventListener("click", () => props?.command(item));
          return option;
        }),
      );
      setOwner(true);
    };

    return {
      onStart(next: SuggestionProps<I, I>) {
        props = next;
        active = 0;
        draw();
      },
      onUpdate(next: SuggestionProps<I, I>) {
        if (next.query !== props?.query) active = 0;
        props = next;
        draw();
      },
      onKeyDown({ event }: SuggestionKeyDownProps) {
        if (!props || !element || props.items.length === 0) return false;
        const count = props.items.length;
        if (event.key === "ArrowDown" || event.key === "ArrowUp") {
          active = (active + (event.key === "ArrowDown" ? 1 : count - 1)) % count;
          draw();
          return true;
        }
        if (event.key === "Enter" || event.key === "Tab") {
          props.command(props.items[active]);
          return true;
        }
        if (event.key === "Escape") {
          exitSuggestion(props.editor.view, config.pluginKey);
          close();
          return true;
        }
        return false;
      },
      onExit() {
        close();
        props = null;
      },
    };
  };
}
