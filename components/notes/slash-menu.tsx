"use client";

import { useImperativeHandle, useState, type Ref } from "react";
import {
  CodeIcon,
  FileIcon,
  Heading1Icon,
  Heading2Icon,
  ImageIcon,
  ListIcon,
  ListChecksIcon,
  ListOrderedIcon,
  MinusIcon,
  QuoteIcon,
  TableIcon,
  type LucideIcon,
} from "lucide-react";
import { ReactRenderer } from "@tiptap/react";
import type { SuggestionOptions, SuggestionProps } from "@tiptap/suggestion";

import type { SlashItem } from "@/lib/notes/editor/slash-commands";
import { cn } from "@/lib/utils";

const ICONS: Record<string, LucideIcon> = {
  "heading-1": Heading1Icon,
  "heading-2": Heading2Icon,
  checklist: ListChecksIcon,
  "bullet-list": ListIcon,
  "numbered-list": ListOrderedIcon,
  table: TableIcon,
  code: CodeIcon,
  quote: QuoteIcon,
  divider: MinusIcon,
  image: ImageIcon,
  file: FileIcon,
};

type Handle = { onKeyDown: (event: KeyboardEvent) => boolean };
type Props = SuggestionProps<SlashItem, SlashItem> & { ref?: Ref<Handle> };

/**
 * The `/` menu: a listbox under the caret. Arrows move, Enter picks, Escape closes (the
 * suggestion plugin's own), and the caret never leaves the note, so typing goes on filtering.
 */
function SlashMenu({ items, command, ref }: Props) {
  const [active, setActive] = useState(0);
  // A new filter result starts again at its first item.
  const [shown, setShown] = useState(items);
  if (shown !== items) {
    setShown(items);
    setActive(0);
  }

  useImperativeHandle(ref, () => ({
    onKeyDown(event) {
      if (items.length === 0) return false;
      if (event.key === "ArrowDown") {
        setActive((i) => (i + 1) % items.length);
        return true;
      }
      if (event.key === "ArrowUp") {
        setActive((i) => (i - 1 + items.length) % items.length);
        return true;
      }
      if (event.key === "Enter" || event.key === "Tab") {
        const item = items[active];
        if (item) command(item);
        return true;
      }
      return false;
    },
  }));

  if (items.length === 0) return null;
  return (
    <div
      role="listbox"
      aria-label="Insert block"
      id="slash-menu"
      data-closes-on-escape
      className="z-50 w-64 rounded-lg border bg-popover p-1 text-popover-foreground shadow-[var(--shadow-raised)]"
    >
      {items.map((item, i) => {
        const Icon = ICONS[item.id] ?? FileIcon;
        return (
          <div
            key={item.id}
            id={`slash-item-${item.id}`}
            role="option"
            aria-selected={i === active}
            data-slash-item={item.id}
            // The caret stays in the note: a click picks without taking focus.
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => command(item)}
            className={cn(
              "flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm",
              i === active && "bg-accent text-accent-foreground",
            )}
          >
            <span className="flex size-8 shrink-0 items-center justify-center rounded-md border bg-background">
              <Icon aria-hidden="true" className="size-4" />
            </span>
            <span className="flex min-w-0 flex-col">
              <span className="font-medium">{item.title}</span>
              <span className="truncate text-xs text-muted-foreground">{item.hint}</span>
            </span>
          </div>
        );
      })}
    </div>
  );
}

/** Renders the menu for the suggestion plugin, positioned by the plugin under the caret. */
export const slashMenuRender: SuggestionOptions<SlashItem, SlashItem>["render"] = () => {
  let renderer: ReactRenderer<Handle, Props> | null = null;
  let unmount: (() => void) | null = null;
  return {
    onStart(props) {
      renderer = new ReactRenderer(SlashMenu, { props, editor: props.editor });
      unmount = props.mount(renderer.element);
    },
    onUpdate(props) {
      renderer?.updateProps(props);
    },
    onKeyDown({ event }) {
      return renderer?.ref?.onKeyDown(event) ?? false;
    },
    onExit() {
      unmount?.();
      renderer?.destroy();
      renderer = null;
      unmount = null;
    },
  };
};
