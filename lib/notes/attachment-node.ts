import { type Editor, mergeAttributes, Node, type NodeViewRenderer } from "@tiptap/core";

import { attachmentMarkdown } from "@/lib/attachments/paths";

/** What the document keeps of an attachment: enough to show and name it without asking Storage. */
export type AttachmentAttrs = { path: string; name: string; type: string; size: number };

function dataAttr<T>(name: string, read: (value: string) => T, fallback: T) {
  return {
    default: fallback,
    parseHTML: (el: HTMLElement) => {
      const value = el.getAttribute(`data-${name}`);
      return value === null ? fallback : read(value);
    },
    renderHTML: (attrs: Record<string, unknown>) => ({ [`data-${name}`]: String(attrs[name]) }),
  };
}

/**
 * A file in a note: one atom node holding the file's storage path and what to call it. Being one
 * node, concurrent edits on two devices either keep or drop it whole (Yjs), never half a reference.
 * In Markdown it is `![name](attachment:<path>)` for an image, `[name](attachment:<path> "…")` else.
 */
export const Attachment = Node.create<{ view: NodeViewRenderer | null }>({
  name: "attachment",
  group: "block",
  atom: true,
  draggable: true,
  selectable: true,

  addOptions() {
    return { view: null };
  },

  addAttributes() {
    return {
      path: dataAttr("path", String, ""),
      name: dataAttr("name", String, ""),
      type: dataAttr("type", String, "application/octet-stream"),
      size: dataAttr("size", Number, 0),
    };
  },

  parseHTML() {
    return [{ tag: "div[data-attachment]" }];
  },

  renderHTML({ node, HTMLAttributes }) {
    return ["div", mergeAttributes({ "data-attachment": "" }, HTMLAttributes), node.attrs.name];
  },

  renderMarkdown(node) {
    return attachmentMarkdown(node.attrs as AttachmentAttrs);
  },

  addNodeView() {
    return this.options.view;
  },
});

/**
 * Places a stored file after the block that holds the cursor (and after files already placed
 * there, so several land in the order they finished). It never replaces a selection nor moves the
 * cursor: uploads finish while the person may be typing. Below the title when the cursor is in it.
 */
export function insertAttachment(editor: Editor, attrs: AttachmentAttrs): void {
  const { doc, selection } = editor.state;
  const $to = doc.resolve(selection.to);
  let pos = $to.depth === 0 ? selection.to : $to.after(1);
  for (let next = doc.nodeAt(pos); next?.type.name === "attachment"; next = doc.nodeAt(pos)) {
    pos += next.nodeSize;
  }
  editor.chain().insertContentAt(pos, { type: "attachment", attrs }).run();
}
