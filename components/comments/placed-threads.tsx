"use client";

import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { Editor } from "@tiptap/core";
import type { Mapping } from "@tiptap/pm/transform";

import { anchorDocumentOf, resolveAnchor } from "@/lib/comments/anchor";
import { commentHighlightKey, type HighlightRange } from "@/lib/comments/highlight";
import { anchorOf, threadsInOrder, type CommentRow, type Thread } from "@/lib/comments/threads";

/** Where the highlights already in the editor are after a change: as the decorations map. */
const mapped = (ranges: HighlightRange[], mapping: Mapping) =>
  ranges.map((r) => ({ ...r, from: mapping.map(r.from, 1), to: mapping.map(r.to, -1) }));

const same = (a: HighlightRange[], b: HighlightRange[]) =>
  a.length === b.length &&
  a.every(
    (r, i) =>
      r.id === b[i].id && r.from === b[i].from && r.to === b[i].to && r.resolved === b[i].resolved,
  );

/**
 * The note's comment threads placed on its current text, and their highlights in the editor. The
 * threads move with the text, so they are placed again after each change of the document (once a
 * frame): that work and its render stay here, and the note's page does not render again on every
 * keystroke. The highlights are set again only where the editor's own mapping of them is not where
 * the threads are now (text typed elsewhere moves them by itself).
 */
export function PlacedThreads({
  editor,
  rows,
  children,
}: {
  editor: Editor | null;
  rows: CommentRow[] | null;
  children: (threads: Thread[] | null) => ReactNode;
}) {
  const [version, setVersion] = useState(0);
  const hasComments = (rows?.length ?? 0) > 0;
  useEffect(() => {
    if (!editor || !hasComments) return;
    let frame = 0;
    const bump = ({ transaction }: { transaction: { docChanged: boolean } }) => {
      if (!transaction.docChanged) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setVersion((v) => v + 1));
    };
    editor.on("update", bump);
    return () => {
      cancelAnimationFrame(frame);
      editor.off("update", bump);
    };
  }, [editor, hasComments]);

  const threads = useMemo<Thread[] | null>(() => {
    void version;
    if (!rows) return null;
    const doc = editor && !editor.isDestroyed ? anchorDocumentOf(editor.state) : null;
    return threadsInOrder(rows, (row) => {
      const anchor = anchorOf(row);
      return doc && anchor ? resolveAnchor(doc, anchor) : { deleted: true };
    });
  }, [rows, editor, version]);

  // What the highlights are now, followed through each of the editor's changes.
  const shown = useRef<HighlightRange[]>([]);
  useEffect(() => {
    if (!editor) return;
    shown.current = [];
    const follow = ({
      transaction,
    }: {
      transaction: { docChanged: boolean; mapping: Mapping };
    }) => {
      if (transaction.docChanged) shown.current = mapped(shown.current, transaction.mapping);
    };
    editor.on("transaction", follow);
    return () => void editor.off("transaction", follow);
  }, [editor]);
  useEffect(() => {
    if (!editor || editor.isDestroyed || !threads) return;
    const ranges: HighlightRange[] = threads.flatMap((t) =>
      t.at.deleted
        ? []
        : [{ id: t.root.id, from: t.at.from, to: t.at.to, resolved: t.root.resolved_at !== null }],
    );
    if (same(ranges, shown.current)) return;
    shown.current = ranges;
    editor.view.dispatch(
      editor.state.tr.setMeta(commentHighlightKey, ranges).setMeta("addToHistory", false),
    );
  }, [editor, threads]);

  return children(threads);
}
