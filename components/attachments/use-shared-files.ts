"use client";

import { useEffect, useRef } from "react";
import type { Editor } from "@tiptap/core";

import { forgetNoteFile, noteFilesKept, sortKeptFiles } from "@/lib/share-target/kept-files";

/** The attachments the note's document holds now, by name and size. */
function attachmentsIn(editor: Editor): { name: string; size: number }[] {
  const found: { name: string; size: number }[] = [];
  editor.state.doc.descendants((node) => {
    if (node.type.name === "attachment")
      found.push({ name: String(node.attrs.name), size: Number(node.attrs.size) });
  });
  return found;
}

/**
 * Files shared into the installed app for this note (lib/share-target/kept-files.ts): once the
 * note's stored state has loaded, they are added as any attached file is, after the shared text,
 * with their progress shown; each leaves the device once it is in the note (or the person cancels
 * it). Leaving the note first keeps the rest, and opening it again carries on with them; one
 * already in the note (its tab closed before the copy here was let go) is not attached again.
 */
export function useSharedFiles(
  editor: Editor | null,
  userId: string,
  noteId: string,
  ready: boolean,
  addFiles: (files: File[], onSettled: (file: File) => void) => void,
) {
  const started = useRef(false);
  useEffect(() => {
    if (!editor || !ready || started.current) return;
    started.current = true;
    void noteFilesKept(userId, noteId)
      .catch(() => [])
      .then((kept) => {
        if (kept.length === 0 || editor.isDestroyed) return;
        const { attached, toAttach } = sortKeptFiles(kept, attachmentsIn(editor));
        for (const k of attached) void forgetNoteFile(userId, k.id).catch(() => undefined);
        if (toAttach.length === 0) return;
        const ids = new Map(toAttach.map((k) => [k.file, k.id]));
        editor.commands.setTextSelection(editor.state.doc.content.size);
        addFiles(
          toAttach.map((k) => k.file),
          (file) => void forgetNoteFile(userId, ids.get(file)!).catch(() => undefined),
        );
      });
  }, [editor, ready, userId, noteId, addFiles]);
}
