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

type Change = { docChanged: boolean; mapping: Mapping };
type Changes = { transaction: Change; appendedTransactions: readonly Change[] };

/** Whether a dispatch changed the document, through its own steps or those plugins appended. */
const changedDocument = ({ transaction, appendedTransactions }: Changes) =>
  transaction.docChanged || appendedTransactions.some((t) => t.docChanged);

/** The threads, each placed on the editor's document as it is now. */
function placeThreads(rows: CommentRow[], editor: Editor | null): Thread[] {
  const doc = editor && !editor.isDestroyed ? anchorDocumentOf(editor.state) : null;
  return threadsInOrder(rows, (row) => {
    const anchor = anchorOf(row);
    return doc && anchor ? resolveAnchor(doc, anchor) : { deleted: true };
  });
}

const highlightsOf = (threads: Thread[]): HighlightRange[] =>
  threads.flatMap((t) =>
    t.at.deleted
      ? []
      : [{ id: t.root.id, from: t.at.from, to: t.at.to, resolved: t.root.resolved_at !== null }],
  );

/**
 * The note's comment threads placed on its current text, and their highlights in the editor. The
 * threads move with the text, so they are placed again after each change of the document (once a
 * frame): that work and its render stay here, and the note's page does not render again on every
 * keystroke. The highlights are set again only where the editor's own mapping of them is not where
 * the threads are now (text typed elsewhere moves them by itself).
 *
 * Every change counts, also one the editor does not call an update: another device's edits that
 * leave the text as it was still redraw the whole document, and take the highlights with them. The
 * highlights are worked out from the document as it is when they are set, never from the one this
 * component last rendered: text typed in between would leave them where the text was.
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
    const bump = (changes: Changes) => {
      if (!changedDocument(changes)) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setVersion((v) => v + 1));
    };
    editor.on("transaction", bump);
    return () => {
      cancelAnimationFrame(frame);
      editor.off("transaction", bump);
    };
  }, [editor, hasComments]);

  // The threads as placed on the document this render saw, and that document.
  const placed = useMemo(() => {
    void version;
    if (!rows) return null;
    return { threads: placeThreads(rows, editor), on: editor?.state.doc ?? null };
  }, [rows, editor, version]);

  // What the highlights are now, followed through each of the editor's changes.
  const shown = useRef<HighlightRange[]>([]);
  useEffect(() => {
    if (!editor) return;
    shown.current = [];
    const follow = (changes: Changes) => {
      for (const t of [changes.transaction, ...changes.appendedTransactions])
        if (t.docChanged) shown.current = mapped(shown.current, t.mapping);
    };
    editor.on("transaction", follow);
    return () => void editor.off("transaction", follow);
  }, [editor]);
  useEffect(() => {
    if (!editor || editor.isDestroyed || !placed || !rows) return;
    const now = placed.on === editor.state.doc ? placed.threads : placeThreads(rows, editor);
    const ranges = highlightsOf(now);
    if (same(ranges, shown.current)) return;
    shown.current = ranges;
    editor.view.dispatch(
      editor.state.tr.setMeta(commentHighlightKey, ranges).setMeta("addToHistory", false),
    );
  }, [editor, rows, placed]);

  return children(placed?.threads ?? null);
}
