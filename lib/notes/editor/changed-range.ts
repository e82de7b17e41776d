import type { Node as ProseMirrorNode } from "@tiptap/pm/model";

/**
 * Where two versions of a document differ: `from` is where they part, `toBefore` and `toAfter` are
 * where they meet again in each. Null when they are the same. Unchanged blocks are the same objects
 * in both, so this costs a comparison per top-level block outside the change, not a walk of the
 * text: a keystroke in a long note finds its one changed block at once.
 */
export function changedRange(
  before: ProseMirrorNode,
  after: ProseMirrorNode,
): { from: number; toBefore: number; toAfter: number } | null {
  const from = before.content.findDiffStart(after.content);
  if (from == null) return null;
  const end = before.content.findDiffEnd(after.content);
  if (!end) return null;
  // When the same text is both before and after the change (typing "a" after "a"), the ends found
  // from each side can cross; the change then spans from `from` in both.
  return { from, toBefore: Math.max(from, end.a), toAfter: Math.max(from, end.b) };
}

/** Whether the part of `doc` between `from` and `to` holds a node of the named type. */
export function holdsNode(doc: ProseMirrorNode, from: number, to: number, name: string): boolean {
  let found = false;
  doc.nodesBetween(from, Math.max(from, to), (node) => {
    if (found) return false;
    if (node.type.name === name) found = true;
    return !found;
  });
  return found;
}
