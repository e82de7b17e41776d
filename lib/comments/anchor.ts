import type { EditorState } from "@tiptap/pm/state";
import {
  absolutePositionToRelativePosition,
  relativePositionToAbsolutePosition,
  ySyncPluginKey,
} from "@tiptap/y-tiptap";
import * as Y from "yjs";

/**
 * Where a comment sits in a note: the start and end of the commented text as Yjs relative
 * positions, so the range moves with every edit made on any device (the note's Yjs document is
 * the truth; ProseMirror positions are only this moment's view of it). Stored as base64 text.
 */
export interface CommentAnchor {
  start: string;
  end: string;
}

type ProsemirrorMapping = Parameters<typeof relativePositionToAbsolutePosition>[3];

/** The note's document as the editor's collaboration binding sees it. */
export interface AnchorDocument {
  ydoc: Y.Doc;
  fragment: Y.XmlFragment;
  /** The binding's Yjs type → ProseMirror node mapping (y-tiptap's ProsemirrorBinding.mapping). */
  mapping: ProsemirrorMapping;
}

/** Where a stored anchor is in the current document, or that its text was deleted. */
export type ResolvedAnchor = { deleted: false; from: number; to: number } | { deleted: true };

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function encodePosition(pos: Y.RelativePosition): string {
  return toBase64(Y.encodeRelativePosition(pos));
}

export function decodePosition(text: string): Y.RelativePosition | null {
  try {
    return Y.decodeRelativePosition(fromBase64(text));
  } catch {
    return null;
  }
}

/**
 * The anchor of the text between ProseMirror positions `from` and `to` (an editor selection).
 * Null for an empty selection: a comment is always about some text.
 */
export function anchorFromRange(
  doc: AnchorDocument,
  from: number,
  to: number,
): CommentAnchor | null {
  if (to <= from) return null;
  const start = absolutePositionToRelativePosition(from, doc.fragment, doc.mapping);
  const end = absolutePositionToRelativePosition(to, doc.fragment, doc.mapping);
  if (!start || !end) return null;
  return { start: encodePosition(start), end: encodePosition(end) };
}

/** Whether the Yjs type a position lands in, or one of its parents, has been deleted. */
function insideDeleted(type: Y.AbstractType<unknown>): boolean {
  let item = type._item;
  while (item) {
    if (item.deleted) return true;
    const parent = item.parent;
    item = parent instanceof Y.AbstractType ? parent._item : null;
  }
  return false;
}

function resolvePosition(doc: AnchorDocument, encoded: string): number | null {
  const rel = decodePosition(encoded);
  if (!rel) return null;
  const abs = Y.createAbsolutePositionFromRelativePosition(rel, doc.ydoc);
  if (!abs || insideDeleted(abs.type)) return null;
  return relativePositionToAbsolutePosition(doc.ydoc, doc.fragment, rel, doc.mapping);
}

/**
 * The anchor's range in the document as it is now. When all of the commented text was deleted
 * (its paragraph removed, or the range collapsed to nothing) the comment is "on deleted text":
 * kept, and shown with the text quoted when it was made.
 */
export function resolveAnchor(doc: AnchorDocument, anchor: CommentAnchor): ResolvedAnchor {
  const from = resolvePosition(doc, anchor.start);
  const to = resolvePosition(doc, anchor.end);
  if (from === null || to === null || to <= from) return { deleted: true };
  return { deleted: false, from, to };
}

/** The document an editor bound to a note's Yjs document shows; null before it is bound. */
export function anchorDocumentOf(state: EditorState): AnchorDocument | null {
  const binding = ySyncPluginKey.getState(state)?.binding as
    { doc: Y.Doc; type: Y.XmlFragment; mapping: ProsemirrorMapping } | undefined;
  if (!binding?.doc || !binding.type) return null;
  return { ydoc: binding.doc, fragment: binding.type, mapping: binding.mapping };
}
