import { Extension, type Editor, type Range } from "@tiptap/core";
import { PluginKey } from "@tiptap/pm/state";
import Suggestion, { type SuggestionOptions } from "@tiptap/suggestion";

/** What a block command may ask of the page: the file picker, for images or any file. */
export type PickFiles = (kind: "image" | "file") => void;

export type SlashItem = {
  id: string;
  title: string;
  hint: string;
  /** Other words a person may type after the slash to find it. */
  keywords: string[];
  run: (editor: Editor, range: Range, pickFiles: PickFiles) => void;
};

/** The blocks the `/` menu offers, in the order it shows them. */
export const SLASH_ITEMS: SlashItem[] = [
  {
    id: "heading-1",
    title: "Heading",
    hint: "Big section heading",
    keywords: ["h1", "title"],
    run: (editor, range) =>
      editor.chain().focus().deleteRange(range).setHeading({ level: 1 }).run(),
  },
  {
    id: "heading-2",
    title: "Subheading",
    hint: "Medium section heading",
    keywords: ["h2", "heading"],
    run: (editor, range) =>
      editor.chain().focus().deleteRange(range).setHeading({ level: 2 }).run(),
  },
  {
    id: "checklist",
    title: "Checklist",
    hint: "Things to tick off",
    keywords: ["todo", "task", "check"],
    run: (editor, range) => editor.chain().focus().deleteRange(range).toggleTaskList().run(),
  },
  {
    id: "bullet-list",
    title: "Bulleted list",
    hint: "A simple list",
    keywords: ["ul", "list", "bullet"],
    run: (editor, range) => editor.chain().focus().deleteRange(range).toggleBulletList().run(),
  },
  {
    id: "numbered-list",
    title: "Numbered list",
    hint: "A list in order",
    keywords: ["ol", "list", "ordered"],
    run: (editor, range) => editor.chain().focus().deleteRange(range).toggleOrderedList().run(),
  },
  {
    id: "table",
    title: "Table",
    hint: "Rows and columns",
    keywords: ["grid"],
    run: (editor, range) =>
      editor
        .chain()
        .focus()
        .deleteRange(range)
        .insertTable({ rows: 3, cols: 3, withHeaderRow: true })
        .run(),
  },
  {
    id: "code",
    title: "Code",
    hint: "A block of code",
    keywords: ["pre", "snippet"],
    run: (editor, range) => editor.chain().focus().deleteRange(range).setCodeBlock().run(),
  },
  {
    id: "quote",
    title: "Quote",
    hint: "Set a passage apart",
    keywords: ["blockquote", "cite"],
    run: (editor, range) => editor.chain().focus().deleteRange(range).setBlockquote().run(),
  },
  {
    id: "divider",
    title: "Divider",
    hint: "A line between sections",
    keywords: ["hr", "rule", "separator"],
    run: (editor, range) => editor.chain().focus().deleteRange(range).setHorizontalRule().run(),
  },
  {
    id: "image",
    title: "Image",
    hint: "Upload a picture",
    keywords: ["photo", "picture"],
    run: (editor, range, pickFiles) => {
      editor.chain().focus().deleteRange(range).run();
      pickFiles("image");
    },
  },
  {
    id: "file",
    title: "File",
    hint: "Attach any file",
    keywords: ["attachment", "upload", "pdf"],
    run: (editor, range, pickFiles) => {
      editor.chain().focus().deleteRange(range).run();
      pickFiles("file");
    },
  },
];

/** The items whose name or keywords start with what was typed after the slash. */
export function slashItemsFor(query: string): SlashItem[] {
  const q = query.trim().toLowerCase();
  if (!q) return SLASH_ITEMS;
  return SLASH_ITEMS.filter((item) =>
    [item.title, ...item.keywords].some((word) =>
      word
        .toLowerCase()
        .split(/\s+/)
        .some((part) => part.startsWith(q)),
    ),
  );
}

export type SlashCommandsOptions = {
  pickFiles: PickFiles;
  render: SuggestionOptions<SlashItem, SlashItem>["render"];
};

export const slashCommandsKey = new PluginKey("slashCommands");

/**
 * Typing `/` at the start of a line or after a space opens the block menu; what follows filters
 * it. Not inside code, where a slash is just a slash.
 */
export const SlashCommands = Extension.create<SlashCommandsOptions>({
  name: "slashCommands",
  addOptions() {
    return { pickFiles: () => {}, render: undefined };
  },
  addProseMirrorPlugins() {
    const { pickFiles, render } = this.options;
    return [
      Suggestion<SlashItem, SlashItem>({
        editor: this.editor,
        pluginKey: slashCommandsKey,
        char: "/",
        allowedPrefixes: [" "],
        items: ({ query }) => slashItemsFor(query),
        allow: ({ state, range }) => {
          const $from = state.doc.resolve(range.from);
          return !$from.parent.type.spec.code;
        },
        command: ({ editor, range, props }) => props.run(editor, range, pickFiles),
        render,
      }),
    ];
  },
});
