"use client";

import { useEffect } from "react";
import type { Editor } from "@tiptap/core";
import type { Transaction } from "@tiptap/pm/state";
import type { SupabaseClient } from "@supabase/supabase-js";

import { SWEEP_GRACE_MS, sweepNoteFiles } from "@/lib/attachments/sweep";
import { changedRange, holdsNode } from "@/lib/notes/editor/changed-range";

function referencedPaths(editor: Editor): Set<string> {
  const paths = new Set<string>();
  editor.state.doc.descendants((node) => {
    if (node.type.name === "attachment" && node.attrs.path) paths.add(node.attrs.path as string);
  });
  return paths;
}

/**
 * Removing an attachment from a note removes its file: not at once (an undo, a cut and paste or
 * another device may still bring the node back), but once the document has gone without it for a
 * while, and no version in its history holds it either (History can put it back until then).
 * Runs when the note is opened with the server's state, and after a node is removed here.
 * A sweep that fails changes nothing visible and simply runs again next time.
 */
export function useAttachmentSweep(
  editor: Editor | null,
  /** Null until the client library has loaded: nothing is swept before. */
  supabase: SupabaseClient | null,
  ownerId: string,
  noteId: string,
  caughtUp: boolean,
) {
  useEffect(() => {
    if (!editor || !caughtUp || !supabase) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;
    const sweep = async () => {
      if (running || editor.isDestroyed || !navigator.onLine) return;
      running = true;
      try {
        await sweepNoteFiles(supabase, ownerId, noteId, referencedPaths(editor));
      } finally {
        running = false;
      }
    };
    void sweep();
    let count = referencedPaths(editor).size;
    const onUpdate = ({ transaction }: { transaction: Transaction }) => {
      // Only a change that took out or put in a part holding an attachment can change the count:
      // typing in a long note does not walk the whole note each time.
      const change = changedRange(transaction.before, transaction.doc);
      if (
        !change ||
        (!holdsNode(transaction.before, change.from, change.toBefore, "attachment") &&
          !holdsNode(transaction.doc, change.from, change.toAfter, "attachment"))
      )
        return;
      const now = referencedPaths(editor).size;
      if (now < count) {
        clearTimeout(timer);
        timer = setTimeout(() => void sweep(), SWEEP_GRACE_MS + 1000);
      }
      count = now;
    };
    editor.on("update", onUpdate);
    return () => {
      clearTimeout(timer);
      editor.off("update", onUpdate);
    };
  }, [editor, supabase, ownerId, noteId, caughtUp]);
}
