import type { Editor, JSONContent } from "@tiptap/core";
import { Fragment, type Node as ProseMirrorNode } from "@tiptap/pm/model";
import { Transform } from "@tiptap/pm/transform";
import { prosemirrorToYDoc } from "@tiptap/y-tiptap";
import * as Y from "yjs";

import { isSafeHref } from "@/lib/notes/safe-href";

/**
 * The parsed Markdown without links to script URLs. The editor would render them inert, but they
 * would still be stored in the document and the body, and whatever shows the body later may not.
 */
function withoutUnsafeLinks(node: JSONContent): JSONContent {
  return {
    ...node,
    marks: node.marks?.filter((m) => m.type !== "link" || isSafeHref(String(m.attrs?.href ?? ""))),
    content: node.content?.map(withoutUnsafeLinks),
  };
}

/**
 * Markdown as a document of this editor's schema. The Markdown parser can hand back content the
 * schema does not allow where it stands (an image, which this editor has no node for, becomes
 * bare text beside paragraphs); fitting it in as a replace step does wraps it as the schema
 * wants, so nothing pasted or loaded is refused. Lines that cannot be parsed at all stay text.
 */
export function markdownDocument(editor: Editor, markdown: string): ProseMirrorNode {
  const { schema } = editor;
  let content: Fragment;
  try {
    content = schema.nodeFromJSON(withoutUnsafeLinks(editor.markdown!.parse(markdown))).content;
  } catch {
    content = Fragment.fromArray(
      markdown
        .split(/\n{2,}/)
        .filter((line) => line.trim() !== "")
        .map((line) => schema.nodes.paragraph.create(null, schema.text(line))),
    );
  }
  const tr = new Transform(schema.topNodeType.createAndFill()!);
  tr.replaceWith(0, tr.doc.content.size, content);
  return tr.doc;
}

/** A whole Yjs document holding `markdown` as this editor would, without touching the editor. */
export function documentFromMarkdown(editor: Editor, markdown: string): Uint8Array {
  const doc = prosemirrorToYDoc(markdownDocument(editor, markdown), "default");
  const state = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return state;
}
