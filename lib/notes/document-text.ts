import { getSchema, type AnyExtension } from "@tiptap/core";
import { MarkdownManager } from "@tiptap/markdown";
import type { Schema } from "@tiptap/pm/model";
import { yXmlFragmentToProseMirrorRootNode } from "@tiptap/y-tiptap";
import * as Y from "yjs";

import { deriveTitleAndBody } from "@/lib/notes/derive";
import { editorExtensions } from "@/lib/notes/editor-extensions";
import { documentRefs, type DocJSON, type NoteRefs } from "@/lib/tags/parse";

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

function documentJSON(doc: Y.Doc): DocJSON {
  const { schema } = editorParts();
  return yXmlFragmentToProseMirrorRootNode(doc.getXmlFragment("default"), schema).toJSON();
}

/**
 * The Markdown writer escapes the brackets of a `[[Title]]` typed as text (`\[\[Title\]\]`); it is
 * kept as typed, so the text and its export read as the link it is.
 */
function serialize(json: DocJSON): string {
  return editorParts()
    .markdown.serialize(json)
    .replace(/(?<!\\)\\\[\\\[([^[\]\n]+?)\\\]\\\]/g, "[[$1]]");
}

/** A note's Yjs document as the Markdown its editor would write. */
export function documentMarkdown(doc: Y.Doc): string {
  return serialize(documentJSON(doc));
}

/** The ids of the notes a document links to (its `noteLink` nodes), each once. */
function linkedIds(json: DocJSON, into = new Set<string>()): Set<string> {
  if (json.type === "noteLink" && json.attrs?.id) into.add(String(json.attrs.id));
  for (const child of json.content ?? []) linkedIds(child, into);
  return into;
}

/** The document with each link's label set to its target's current title, where one is known. */
function withTitles(json: DocJSON, titles: ReadonlyMap<string, string>): DocJSON {
  if (json.type === "noteLink") {
    const title = titles.get(String(json.attrs?.id ?? ""));
    return title ? { ...json, attrs: { ...json.attrs, label: title } } : json;
  }
  if (!json.content) return json;
  return { ...json, content: json.content.map((child) => withTitles(child, titles)) };
}

/**
 * A note's title, body, tags and links from its Yjs document, read once. A link to a note by id
 * keeps the title it had when linked; `currentTitles` (asked with the linked ids) gives the
 * targets' titles now, so the body, export and share page read the target's new name.
 */
export async function documentDerived(
  doc: Y.Doc,
  currentTitles: (ids: string[]) => Promise<ReadonlyMap<string, string>> = async () => new Map(),
): Promise<{ title: string; body: string } & NoteRefs> {
  const stored = documentJSON(doc);
  const ids = [...linkedIds(stored)];
  const json = ids.length > 0 ? withTitles(stored, await currentTitles(ids)) : stored;
  return {
    ...deriveTitleAndBody(serialize(json)),
    ...documentRefs(json),
  };
}

/** A note's title and body, as lists, search and sharing show them, from its Yjs document. */
export function documentText(doc: Y.Doc): { title: string; body: string } {
  return deriveTitleAndBody(documentMarkdown(doc));
}
