import { getSchema, type AnyExtension } from "@tiptap/core";
import { MarkdownManager } from "@tiptap/markdown";
import type { Schema } from "@tiptap/pm/model";
import { yXmlFragmentToProseMirrorRootNode } from "@tiptap/y-tiptap";
import * as Y from "yjs";

import { deriveTitleAndBody } from "@/lib/notes/derive";
import { editorExtensions } from "@/lib/notes/editor-extensions";

let made: { schema: Schema; markdown: MarkdownManager } | null = null;

/**
 * The editor's schema and Markdown writer without an editor: the same extensions the browser's
 * editor is made of, so a document reads the same here as `editor.getMarkdown()` there. No DOM is
 * needed, so the server derives a note's text from its stored document.
 */
function editorParts() {
  if (made) return made;
  const extensions: AnyExtension[] = editorExtensions(new Y.Doc());
  made = { schema: getSchema(extensions), markdown: new MarkdownManager({ extensions }) };
  return made;
}

/** A note's Yjs document as the Markdown its editor would write. */
export function documentMarkdown(doc: Y.Doc): string {
  const { schema, markdown } = editorParts();
  const node = yXmlFragmentToProseMirrorRootNode(doc.getXmlFragment("default"), schema);
  return markdown.serialize(node.toJSON());
}

/** A note's title and body, as lists, search and sharing show them, from its Yjs document. */
export function documentText(doc: Y.Doc): { title: string; body: string } {
  return deriveTitleAndBody(documentMarkdown(doc));
}
