"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import {
  BoldIcon,
  CodeIcon,
  Heading2Icon,
  ItalicIcon,
  LinkIcon,
  MessageSquarePlusIcon,
  PaperclipIcon,
  StrikethroughIcon,
  type LucideIcon,
} from "lucide-react";
import type { Editor } from "@tiptap/core";
import { TextSelection } from "@tiptap/pm/state";
import { useEditorState } from "@tiptap/react";
import { BubbleMenu, type BubbleMenuProps } from "@tiptap/react/menus";

import { isSafeHref } from "@/lib/notes/safe-href";
import { cn } from "@/lib/utils";

const MENU_OPTIONS: BubbleMenuProps["options"] = { placement: "top", offset: 8 };

function ToolButton({
  label,
  icon: Icon,
  pressed,
  onPress,
}: {
  label: string;
  icon: LucideIcon;
  pressed?: boolean;
  onPress: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      // The selection stays in the note while a button is pressed.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPress}
      className={cn(
        "inline-flex size-8 items-center justify-center rounded-md outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
        pressed && "bg-accent text-accent-foreground",
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
}

/**
 * What a selection can become: bold, italic, struck out, code, a link, a heading; or attach, or
 * comment on it. In a note this person may not change, commenting alone.
 */
export function SelectionToolbar({
  editor,
  onAttach,
  onComment,
}: {
  editor: Editor;
  onAttach: () => void;
  /** Comment on the selected text (Mod-Alt-M); absent for those who may not comment. */
  onComment?: () => void;
}) {
  const [linking, setLinkingState] = useState<string | null>(null);
  // The menu's plugin keeps the first `shouldShow` it is given; it reads the link form's state here.
  const linkingNow = useRef<string | null>(null);
  // Read by the same first `shouldShow`: whether a read-only note's selection gets a Comment button.
  const commentable = useRef(onComment !== undefined);
  useEffect(() => {
    commentable.current = onComment !== undefined;
  }, [onComment]);
  const setLinking = (value: string | null) => {
    linkingNow.current = value;
    setLinkingState(value);
  };
  // The same options on every render: new ones make the menu update its plugin, a transaction
  // of its own on each keystroke.
  const shouldShow = useCallback<NonNullable<BubbleMenuProps["shouldShow"]>>(
    ({ editor: e, state, from, to }) =>
      linkingNow.current !== null ||
      // Text only: not a picked attachment, a divider or table cells.
      ((e.isEditable || commentable.current) &&
        from !== to &&
        state.selection instanceof TextSelection &&
        !e.isActive("codeBlock")),
    [],
  );
  const marks = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      strike: e.isActive("strike"),
      code: e.isActive("code"),
      link: e.isActive("link"),
      heading: e.isActive("heading"),
      href: String(e.getAttributes("link").href ?? ""),
    }),
  });
  const chain = () => editor.chain().focus();

  const applyLink = (href: string) => {
    const url = href.trim();
    if (!url) chain().extendMarkRange("link").unsetLink().run();
    else {
      const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`;
      if (isSafeHref(withScheme))
        chain().extendMarkRange("link").setLink({ href: withScheme }).run();
    }
    setLinking(null);
  };

  return (
    <BubbleMenu editor={editor} options={MENU_OPTIONS} className="z-40" shouldShow={shouldShow}>
      <div
        role="toolbar"
        aria-label="Formatting"
        className="flex items-center gap-0.5 rounded-lg border bg-popover p-1 text-popover-foreground shadow-[var(--shadow-raised)]"
      >
        {!editor.isEditable ? (
          onComment && (
            <ToolButton label="Comment" icon={MessageSquarePlusIcon} onPress={onComment} />
          )
        ) : linking !== null ? (
          <form
            data-closes-on-escape
            className="flex items-center gap-1"
            onSubmit={(event) => {
              event.preventDefault();
              applyLink(linking);
            }}
          >
            <input
              autoFocus
              aria-label="Link address"
              placeholder="Paste or type a link"
              value={linking}
              onChange={(event) => setLinking(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Escape") {
                  event.preventDefault();
                  setLinking(null);
                  editor.commands.focus();
                }
              }}
              className="h-8 w-56 rounded-md border bg-background px-2 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            />
            <button
              type="submit"
              className="h-8 rounded-md px-2 text-sm font-medium hover:bg-accent"
            >
              Apply
            </button>
          </form>
        ) : (
          <>
            <ToolButton
              label="Bold"
              icon={BoldIcon}
              pressed={marks.bold}
              onPress={() => chain().toggleBold().run()}
            />
            <ToolButton
              label="Italic"
              icon={ItalicIcon}
              pressed={marks.italic}
              onPress={() => chain().toggleItalic().run()}
            />
            <ToolButton
              label="Strikethrough"
              icon={StrikethroughIcon}
              pressed={marks.strike}
              onPress={() => chain().toggleStrike().run()}
            />
            <ToolButton
              label="Code"
              icon={CodeIcon}
              pressed={marks.code}
              onPress={() => chain().toggleCode().run()}
            />
            <ToolButton
              label="Link"
              icon={LinkIcon}
              pressed={marks.link}
              onPress={() => setLinking(marks.href)}
            />
            <ToolButton
              label="Heading"
              icon={Heading2Icon}
              pressed={marks.heading}
              onPress={() => chain().toggleHeading({ level: 2 }).run()}
            />
            <span aria-hidden="true" className="mx-0.5 h-5 w-px bg-border" />
            <ToolButton label="Attach a file" icon={PaperclipIcon} onPress={onAttach} />
            {onComment && (
              <ToolButton label="Comment" icon={MessageSquarePlusIcon} onPress={onComment} />
            )}
          </>
        )}
      </div>
    </BubbleMenu>
  );
}
