import type { Node as ProseMirrorNode } from "@tiptap/pm/model";
import type { EditorState } from "@tiptap/pm/state";
import { absolutePositionToRelativePosition } from "@tiptap/y-tiptap";
import type * as Y from "yjs";

type YNode = Y.XmlElement | Y.XmlText | Y.XmlFragment;
type Mapped = ProseMirrorNode | ProseMirrorNode[];

/**
 * The binding's map of Yjs types to the nodes drawn from them, which also knows, for each node,
 * the type it was drawn from. The Yjs binding keeps the caret as a position in the Yjs document
 * several times per keystroke; finding that position walks the note's blocks from the first one.
 * Knowing which type a block was drawn from lets the walk start at the caret's own block.
 */
export class NodeMapping extends Map<YNode, Mapped> {
  private drawnFrom = new WeakMap<ProseMirrorNode, YNode>();

  set(type: YNode, node: Mapped): this {
    super.set(type, node);
    // Before the constructor's fields are set, Map's constructor may call set (it is given nothing).
    if (this.drawnFrom && !Array.isArray(node)) this.drawnFrom.set(node, type);
    return this;
  }

  clear(): void {
    super.clear();
    this.drawnFrom = new WeakMap();
  }

  /** The type the node was drawn from, while the map still says so. */
  typeOf(node: ProseMirrorNode): YNode | undefined {
    const type = this.drawnFrom.get(node);
    return type && this.get(type) === node ? type : undefined;
  }
}

type Binding = { type: Y.XmlFragment; mapping: Map<YNode, Mapped> };

/**
 * Where `pos` is in the Yjs document, as y-tiptap's `absolutePositionToRelativePosition` finds it,
 * starting at the top-level block that holds `pos` instead of at the note's first block. Positions
 * that are not inside a block's content, or a block the map does not know, take the whole walk.
 */
export function relativePosition(
  pos: number,
  doc: ProseMirrorNode,
  binding: Binding,
): Y.RelativePosition {
  const whole = () => absolutePositionToRelativePosition(pos, binding.type, binding.mapping);
  const mapping = binding.mapping;
  if (pos <= 0 || pos >= doc.content.size || !(mapping instanceof NodeMapping)) return whole();
  let index = 0;
  let offset = 0;
  for (; index < doc.childCount; index++) {
    const size = doc.child(index).nodeSize;
    if (offset + size > pos) break;
    offset += size;
  }
  if (index >= doc.childCount) return whole();
  const block = doc.child(index);
  // Between two blocks, the walk's answer depends on the blocks around it.
  if (pos === offset) return whole();
  const type = mapping.typeOf(block);
  const item = type?._item;
  if (!type || !item || item.deleted || item.parent !== binding.type) return whole();
  try {
    // The same walk, begun at the block: a fragment whose first item is the block's.
    const from = { _first: item } as unknown as Y.XmlFragment;
    return absolutePositionToRelativePosition(pos - offset, from, mapping);
  } catch {
    return whole();
  }
}

/** y-tiptap's `getRelativeSelection`, with each end found from its own block. */
export function relativeSelection(binding: Binding, state: EditorState) {
  const { selection, doc } = state;
  const type = (selection as unknown as { jsonID: string }).jsonID;
  return {
    type,
    depth: type === "nodeRange" ? (selection as unknown as { depth: number }).depth : undefined,
    anchor: relativePosition(selection.anchor, doc, binding),
    head: relativePosition(selection.head, doc, binding),
    absAnchor: selection.anchor,
    absHead: selection.head,
  };
}
