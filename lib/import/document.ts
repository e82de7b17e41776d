import { getSchema, type AnyExtension, type JSONContent } from "@tiptap/core";
import { MarkdownManager } from "@tiptap/markdown";
import { Fragment, type Schema } from "@tiptap/pm/model";
import { Transform } from "@tiptap/pm/transform";
import { prosemirrorToYXmlFragment } from "@tiptap/y-tiptap";
import * as Y from "yjs";

import { ATTACHMENT_TOKEN, contentHash } from "@/lib/import/plan";
import type { AttachmentAttrs } from "@/lib/notes/attachment-node";
import { editorExtensions } from "@/lib/notes/editor-extensions";
import { isSafeHref } from "@/lib/notes/safe-href";

let made: { schema: Schema; markdown: MarkdownManager } | null = null;

/** The editor's schema and Markdown reader, without an editor (as the server reads documents). */
function parts() {
  if (made) return made;
  const extensions: AnyExtension[] = editorExtensions(new Y.Doc());
  made = { schema: getSchema(extensions), markdown: new MarkdownManager({ extensions }) };
  return made;
}

function withoutUnsafeLinks(node: JSONContent): JSONContent {
  return {
    ...node,
    marks: node.marks?.filter((m) => m.type !== "link" || isSafeHref(String(m.attrs?.href ?? ""))),
    content: node.content?.map(withoutUnsafeLinks),
  };
}

/** A note of the same import that a `[[Title]]` names: its id and title. */
export type LinkTarget = { id: string; title: string };

const WIKI_LINK = /\[\[([^[\]\n]+?)\]\]/g;

/**
 * The document with each `[[Title]]` that names a note of the import made into the link the
 * editor makes when one is picked (a `noteLink` holding the target's id), so it follows the note
 * through renames as a typed link does. Code, URL links and titles no note has stay text.
 */
function withNoteLinks(node: JSONContent, find: (title: string) => LinkTarget | null): JSONContent {
  if (node.type === "codeBlock" || !node.content) return node;
  const content: JSONContent[] = [];
  for (const child of node.content) {
    const plain =
      child.type === "text" &&
      !child.marks?.some((m) => m.type === "code" || m.type === "link") &&
      child.text?.includes("[[");
    if (!plain) {
      content.push(withNoteLinks(child, find));
      continue;
    }
    const text = child.text!;
    let at = 0;
    for (const match of text.matchAll(WIKI_LINK)) {
      const target = find(match[1].trim());
      if (!target) continue;
      if (match.index > at) content.push({ ...child, text: text.slice(at, match.index) });
      content.push({ type: "noteLink", attrs: { id: target.id, label: target.title } });
      at = match.index + match[0].length;
    }
    if (at === 0) content.push(child);
    else if (at < text.length) content.push({ ...child, text: text.slice(at) });
  }
  return { ...node, content };
}

function textOf(node: JSONContent): string {
  return node.text ?? (node.content ?? []).map(textOf).join("");
}

/**
 * An imported note's Yjs document, as the editor would hold the same Markdown typed or pasted:
 * the editor's own schema and Markdown reader, and each attachment token (a paragraph of its
 * own) as the attachment node, or the file's name when it was not stored; a `[[Title]]` that
 * `linkTo` finds becomes a link to that note.
 */
export function importedDocument(
  markdown: string,
  attachments: (AttachmentAttrs | { name: string } | null)[],
  linkTo: (title: string) => LinkTarget | null = () => null,
  /** Makes the document the same bytes every time (the note's id): posting it again adds nothing. */
  seed?: string,
): Uint8Array {
  const { schema, markdown: reader } = parts();
  let json: JSONContent;
  try {
    json = withoutUnsafeLinks(reader.parse(markdown));
  } catch {
    json = {
      type: "doc",
      content: markdown
        .split(/\n{2,}/)
        .filter((block) => block.trim() !== "")
        .map((block) => ({ type: "paragraph", content: [{ type: "text", text: block }] })),
    };
  }
  json.content = (json.content ?? []).map((block) => {
    if (block.type !== "paragraph") return block;
    const token = ATTACHMENT_TOKEN.exec(textOf(block).trim());
    if (!token) return block;
    const file = attachments[Number(token[1])];
    if (file && "path" in file) return { type: "attachment", attrs: file };
    return { type: "paragraph", content: [{ type: "text", text: file?.name ?? "(file)" }] };
  });
  json = withNoteLinks(json, linkTo);
  let content: Fragment;
  try {
    content = schema.nodeFromJSON(json).content;
  } catch {
    content = Fragment.from(schema.nodes.paragraph.create(null, schema.text(markdown || " ")));
  }
  const tr = new Transform(schema.topNodeType.createAndFill()!);
  tr.replaceWith(0, tr.doc.content.size, content);
  const doc = new Y.Doc();
  if (seed) doc.clientID = parseInt(contentHash(seed).slice(0, 8), 16) >>> 1 || 1;
  prosemirrorToYXmlFragment(tr.doc, doc.getXmlFragment("default"));
  const state = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return state;
}
