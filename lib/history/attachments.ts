import * as Y from "yjs";

import type { AttachmentAttrs } from "@/lib/notes/attachment-node";

type Block = Y.XmlElement | Y.XmlText;

const isAttachment = (node: unknown, path?: string): node is Y.XmlElement =>
  node instanceof Y.XmlElement &&
  node.nodeName === "attachment" &&
  (path === undefined || node.getAttribute("path") === path);

function attrsOf(node: Y.XmlElement): AttachmentAttrs {
  const a = node.getAttributes() as Record<string, unknown>;
  return {
    path: String(a.path ?? ""),
    name: String(a.name ?? ""),
    type: String(a.type ?? "application/octet-stream"),
    size: Number(a.size ?? 0) || 0,
  };
}

/** Every attachment node of a note's document, in document order, nested ones included. */
function attachmentNodes(doc: Y.Doc): Y.XmlElement[] {
  const found: Y.XmlElement[] = [];
  const walk = (parent: Y.XmlFragment | Y.XmlElement) => {
    for (const child of parent.toArray()) {
      if (isAttachment(child)) found.push(child);
      else if (child instanceof Y.XmlElement) walk(child);
    }
  };
  walk(doc.getXmlFragment("default"));
  return found;
}

/** The attachments a note's document holds, once each by storage path, in document order. */
export function attachmentsOf(doc: Y.Doc): AttachmentAttrs[] {
  const seen = new Map<string, AttachmentAttrs>();
  for (const node of attachmentNodes(doc)) {
    const a = attrsOf(node);
    if (a.path && !seen.has(a.path)) seen.set(a.path, a);
  }
  return [...seen.values()];
}

/** The storage paths a note's document refers to (what a version keeps in Storage). */
export const attachmentPathsOf = (doc: Y.Doc): string[] => attachmentsOf(doc).map((a) => a.path);

/** The attachments `version` holds that `current` no longer does. */
export function removedAttachments(version: Y.Doc, current: Y.Doc): AttachmentAttrs[] {
  const now = new Set(attachmentPathsOf(current));
  return attachmentsOf(version).filter((a) => !now.has(a.path));
}

/**
 * Where to put a file back: after the nearest block before it in the version that the note still
 * has (the same content), else before the nearest such block after it, else at the end. Never
 * above the first line, which is the title. Each block's text is read once, so this is linear.
 */
function placeFor(into: Block[], from: Block[], at: number): number {
  const key = (block: Block) => `${block instanceof Y.XmlText ? "t" : "e"}:${block.toString()}`;
  const index = new Map<string, number>();
  into.forEach((block, i) => {
    if (!index.has(key(block))) index.set(key(block), i);
  });
  const find = (block: Block) => index.get(key(block));
  for (let j = at - 1; j >= 0; j--) {
    if (isAttachment(from[j])) continue;
    const i = find(from[j]);
    if (i !== undefined) return i + 1;
  }
  for (let j = at + 1; j < from.length; j++) {
    if (isAttachment(from[j])) continue;
    const i = find(from[j]);
    if (i !== undefined) return Math.max(i, into.length > 0 ? 1 : 0);
  }
  return into.length;
}

/**
 * Puts the attachment at `path` of `version` back into `doc` as an ordinary Yjs edit (a copy of the
 * version's node), so every device applies it as it applies any edit and keeps what was typed
 * meanwhile. Returns what was put back, or null when the version has no such file.
 */
export function putBackAttachment(
  doc: Y.Doc,
  version: Y.Doc,
  path: string,
): AttachmentAttrs | null {
  const from = version.getXmlFragment("default").toArray() as Block[];
  let at = from.findIndex((block) => isAttachment(block, path));
  let node: Y.XmlElement | undefined = at >= 0 ? (from[at] as Y.XmlElement) : undefined;
  if (!node) {
    // Inside another block (a list, a quote): put back at the top level, after that block.
    node = attachmentNodes(version).find((n) => isAttachment(n, path));
    if (!node) return null;
    const root = version.getXmlFragment("default");
    let top: Block = node;
    while (top.parent && top.parent !== root) top = top.parent as Y.XmlElement;
    at = from.indexOf(top);
  }
  const into = doc.getXmlFragment("default");
  const place = placeFor(into.toArray() as Block[], from, at);
  const copy = node.clone();
  doc.transact(() => into.insert(place, [copy]));
  return attrsOf(node);
}

/**
 * Points the attachment nodes of `doc` at other files, as `moved` maps an old storage path to its
 * new one (a copy of the document that gets copies of its files). Returns how many it changed.
 */
export function moveAttachmentPaths(doc: Y.Doc, moved: ReadonlyMap<string, string>): number {
  let changed = 0;
  doc.transact(() => {
    for (const node of attachmentNodes(doc)) {
      const to = moved.get(String(node.getAttribute("path") ?? ""));
      if (to === undefined) continue;
      node.setAttribute("path", to);
      changed++;
    }
  });
  return changed;
}

/** Takes the first node of the attachment at `path` out of `doc`; false when there is none. */
export function takeOutAttachment(doc: Y.Doc, path: string): boolean {
  const node = attachmentNodes(doc).find((n) => isAttachment(n, path));
  const parent = node?.parent as Y.XmlFragment | Y.XmlElement | null | undefined;
  if (!node || !parent) return false;
  const i = parent.toArray().indexOf(node);
  doc.transact(() => parent.delete(i, 1));
  return true;
}
