import { Extension, type NodeViewRenderer } from "@tiptap/core";
import Collaboration from "@tiptap/extension-collaboration";
import { TaskItem, TaskList } from "@tiptap/extension-list";
import { Placeholder } from "@tiptap/extensions";
import { Markdown } from "@tiptap/markdown";
import { Plugin } from "@tiptap/pm/state";
import StarterKit from "@tiptap/starter-kit";
import type * as Y from "yjs";

import { Attachment } from "@/lib/notes/attachment-node";

/**
 * Pasted HTML goes through the schema (whatever it does not know is dropped); plain text that
 * reads as Markdown is pasted as the formatting it describes.
 */
const MarkdownPaste = Extension.create({
  name: "markdownPaste",
  addProseMirrorPlugins() {
    const editor = this.editor;
    return [
      new Plugin({
        props: {
          handlePaste(_view, event) {
            const data = event.clipboardData;
            if (!data || data.types.includes("text/html")) return false;
            const plain = data.getData("text/plain");
            if (!looksLikeMarkdown(plain)) return false;
            return editor.commands.insertContent(plain, { contentType: "markdown" });
          },
        },
      }),
    ];
  },
});

/**
 * The editor's features: headings, bold/italic, lists, checklists, links, code and quotes, with
 * Markdown shortcuts as input rules (StarterKit's) and Markdown in and out. Undo is Yjs's, through
 * the collaboration binding, so it undoes only this device's edits. Attachments show through
 * `attachmentView` where there is one (the editor), as plain blocks elsewhere.
 */
export function editorExtensions(doc: Y.Doc, attachmentView: NodeViewRenderer | null = null) {
  return [
    StarterKit.configure({
      undoRedo: false,
      link: { openOnClick: false, autolink: true, defaultProtocol: "https" },
    }),
    TaskList,
    TaskItem.configure({ nested: true }),
    Placeholder.configure({
      // The first line is the title; the second invites the rest while the note is still short.
      placeholder: ({ editor, pos }) =>
        pos === 0 ? "Title" : editor.state.doc.childCount <= 2 ? "Start writing…" : "",
      showOnlyCurrent: false,
    }),
    Attachment.configure({ view: attachmentView }),
    Markdown,
    MarkdownPaste,
    Collaboration.configure({ document: doc }),
  ];
}

const MARKDOWN_HINTS = [
  /^#{1,6}\s/m,
  /^\s*[-*+]\s+\S/m,
  /^\s*\d+[.)]\s+\S/m,
  /^\s*[-*+]\s+\[[ xX]\]/m,
  /^>\s/m,
  /^```/m,
  /\*\*[^*\n]+\*\*/,
  /\[[^\]\n]+\]\([^)\s]+\)/,
  /`[^`\n]+`/,
];

/** Plain text that a person wrote as Markdown, worth pasting as formatted text. */
export function looksLikeMarkdown(text: string): boolean {
  return MARKDOWN_HINTS.some((hint) => hint.test(text));
}
