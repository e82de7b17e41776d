import { Extension, type NodeViewRenderer } from "@tiptap/core";
import { TaskItem, TaskList } from "@tiptap/extension-list";
import { TableKit } from "@tiptap/extension-table";
import { Placeholder } from "@tiptap/extensions";
import { Markdown } from "@tiptap/markdown";
import { Slice, type Node as ProseMirrorNode } from "@tiptap/pm/model";
import { Plugin } from "@tiptap/pm/state";
import StarterKit from "@tiptap/starter-kit";
import type * as Y from "yjs";

import { Attachment } from "@/lib/notes/attachment-node";
import { BulletChecklist } from "@/lib/notes/editor/bullet-checklist";
import { CaretBeforeKeys } from "@/lib/notes/editor/caret-before-keys";
import { noteCollaboration } from "@/lib/notes/editor/collaboration";
import { LongNote } from "@/lib/notes/editor/long-note";
import { NoteLink, NoteLinkSuggest } from "@/lib/notes/editor/note-link";
import type { NoteRefsSource } from "@/lib/notes/editor/refs-source";
import { TagHighlight, TagSuggest } from "@/lib/notes/editor/tag-suggest";
import { markdownDocument } from "@/lib/notes/markdown-document";
import { isSafeHref } from "@/lib/notes/safe-href";

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
          handlePaste(view, event) {
            const data = event.clipboardData;
            if (!data || data.types.includes("text/html")) return false;
            const plain = data.getData("text/plain");
            if (!looksLikeMarkdown(plain)) return false;
            const pasted = Slice.maxOpen(markdownDocument(editor, plain).content);
            view.dispatch(view.state.tr.replaceSelection(pasted).scrollIntoView());
            return true;
          },
        },
      }),
    ];
  },
});

/** Whether a note is nothing but empty lines; stops at the first line that holds anything. */
export function isBlankNote(doc: ProseMirrorNode): boolean {
  for (let i = 0; i < doc.childCount; i++) {
    const line = doc.child(i);
    if (!line.isTextblock || line.childCount > 0) return false;
  }
  return true;
}

/**
 * Marks the editor while the whole note is blank. An attribute on the editor is recomputed on
 * every change, unlike placeholders, which are redrawn only on the lines a change touches.
 */
const BlankNote = Extension.create({
  name: "blankNote",
  addProseMirrorPlugins() {
    return [
      new Plugin({
        props: {
          attributes: (state): Record<string, string> =>
            isBlankNote(state.doc) ? { "data-note-blank": "" } : {},
        },
      }),
    ];
  },
});

/**
 * The editor's features: headings, bold/italic, lists, checklists, tables, links, code and quotes, with
 * Markdown shortcuts as input rules (StarterKit's) and Markdown in and out. Undo is Yjs's, through
 * the collaboration binding, so it undoes only this device's edits. Attachments show through
 * `attachmentView` where there is one (the editor), as plain blocks elsewhere. Tags and `[[links]]`
 * are suggested and followed through `refs` where there is one.
 */
export function editorExtensions(
  doc: Y.Doc,
  attachmentView: NodeViewRenderer | null = null,
  refs: NoteRefsSource | null = null,
) {
  return [
    CaretBeforeKeys,
    StarterKit.configure({
      undoRedo: false,
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: "https",
        // Pasted HTML and typed links; Markdown is checked as it is parsed (markdownDocument).
        isAllowedUri: (url) => isSafeHref(url),
      },
    }),
    TaskList,
    TaskItem.configure({ nested: true }),
    BulletChecklist,
    TableKit.configure({ table: { resizable: false } }),
    Placeholder.configure({
      // The first line is the title. Other empty lines carry the body's hint, which the
      // stylesheet shows only while the whole note is blank (see BlankNote).
      placeholder: ({ pos }) => (pos === 0 ? "Title" : "Start writing…"),
      showOnlyCurrent: false,
    }),
    Attachment.configure({ view: attachmentView }),
    // Tags and [[links]]: the link node is in every schema; suggestions only where asked (refs).
    NoteLink.configure({ refs }),
    NoteLinkSuggest.configure({ refs }),
    TagHighlight.configure({ refs }),
    TagSuggest.configure({ refs }),
    BlankNote,
    LongNote,
    Markdown,
    MarkdownPaste,
    noteCollaboration(doc),
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
