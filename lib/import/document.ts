import { getSchema, type AnyExtension, type JSONContent } from "@tiptap/core";
import { MarkdownManager } from "@tiptap/markdown";
import { Fragment, type Schema } from "@tiptap/pm/model";
import { Transform } from "@tiptap/pm/transform";
import { prosemirrorToYDoc } from "@tiptap/y-tiptap";
import * as Y from "yjs";

import { ATTACHMENT_TOKEN } from "@/lib/import/plan";
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

function textOf(node: JSONContent): string {
  return node.text ?? (node.content ?? []).map(textOf).join("");
}

/**
 * An imported note's Yjs document, as the editor would hold the same Markdown typed or pasted:
 * the editor's own schema and Markdown reader, and each attachment token (a paragraph of its
 * own) as the attachment node, or the file's name when it was not stored.
 */
export function importedDocument(
  markdown: string,
  attachments: (AttachmentAttrs | { name: string } | null)[],
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
  let content: Fragment;
  try {
    content = schema.nodeFromJSON(json).content;
  } catch {
    content = Fragment.from(schema.nodes.paragraph.create(null, schema.text(markdown || " ")));
  }
  const tr = new Transform(schema.topNodeType.createAndFill()!);
  tr.replaceWith(0, tr.doc.content.size, content);
  const doc = prosemirrorToYDoc(tr.doc, "default");
  const state = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return state;
}
