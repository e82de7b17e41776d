"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Editor } from "@tiptap/core";
import { TextSelection } from "@tiptap/pm/state";

import type { CommentActions, Draft } from "@/components/comments/comments-panel";
import type { CommentsSignal } from "@/components/notes/use-note-channel";
import { anchorDocumentOf, anchorFromRange } from "@/lib/comments/anchor";
import {
  deleteComment,
  editComment,
  listComments,
  reply,
  setResolved,
  startThread,
  type CommentResult,
  type CommentRow,
} from "@/lib/comments/threads";
import type { Database } from "@/lib/supabase/database.types";
import { NETWORK_ERROR_MESSAGE } from "@/lib/auth/error-messages";
import { isOffline, readWhenOnline } from "@/lib/when-online";

/**
 * A note's comments: read from the database, again whenever another device says they changed
 * (the note's channel). `PlacedThreads` places them on the note's current text. Their authors'
 * names and faces are the note's people (`reloadPeople` reads those again with them). Offline,
 * nothing is asked: what was read stays, and they are read when the connection returns.
 */
export function useNoteComments(
  /** Null until the client library has loaded: the comments are read once it has. */
  supabase: SupabaseClient<Database> | null,
  noteId: string,
  editor: Editor | null,
  reloadPeople: () => Promise<void>,
) {
  const [rows, setRows] = useState<CommentRow[] | null>(null);
  const reading = useRef(0);

  const read = useCallback(
    async (withPeople: boolean) => {
      if (isOffline()) {
        setRows((r) => r ?? []);
        return;
      }
      if (!supabase) return;
      const ticket = ++reading.current;
      try {
        // The note's people are read when it opens: only later reads read them again with the comments.
        const people = withPeople && ticket > 1 ? reloadPeople() : null;
        const [list] = await Promise.all([listComments(supabase, noteId), people]);
        if (ticket !== reading.current) return;
        setRows(list);
      } catch {
        // Offline or refused: what was read stays; the next signal reads again.
        if (ticket === reading.current) setRows((r) => r ?? []);
      }
    },
    [supabase, noteId, reloadPeople],
  );
  const reload = useCallback(() => read(true), [read]);

  // Read when the note opens, and again when the connection returns (the note's people read
  // theirs then by themselves).
  useEffect(() => {
    let stop = () => {};
    const first = setTimeout(() => {
      if (isOffline()) setRows((r) => r ?? []);
      stop = readWhenOnline(() => void read(false), { again: true });
    }, 0);
    return () => {
      clearTimeout(first);
      stop();
    };
  }, [read]);

  const send = useRef<(() => void) | null>(null);
  const signal = useMemo<CommentsSignal>(
    () => ({ onChanged: () => void reload(), send }),
    [reload],
  );

  /** The selected text, ready to be commented on; null without a selection. */
  const draftFromSelection = useCallback((): Draft | null => {
    if (!editor) return null;
    const { from, to } = editor.state.selection;
    const doc = anchorDocumentOf(editor.state);
    const anchor = doc ? anchorFromRange(doc, from, to) : null;
    if (!anchor) return null;
    return { anchor, quote: editor.state.doc.textBetween(from, to, "\n").trim() };
  }, [editor]);

  const changed = useCallback(
    async (result: Promise<CommentResult>) => {
      const done = await result;
      if (done.ok) {
        await reload();
        send.current?.();
      }
      return done;
    },
    [reload],
  );

  const actions = useMemo<CommentActions>(() => {
    // A comment written before the client library has loaded (offline when the note opened) is
    // refused as any other write made offline is, and stays in its field.
    const withClient = (write: (client: SupabaseClient<Database>) => Promise<CommentResult>) =>
      supabase
        ? changed(write(supabase))
        : Promise.resolve<CommentResult>({ ok: false, message: NETWORK_ERROR_MESSAGE });
    return {
      start: (draft, body, mentions) =>
        withClient((c) => startThread(c, noteId, draft.anchor, draft.quote, body, mentions)),
      reply: (rootId, body, mentions) =>
        withClient((c) => reply(c, noteId, rootId, body, mentions)),
      edit: (id, body, mentions) => withClient((c) => editComment(c, id, body, mentions)),
      remove: (id) => withClient((c) => deleteComment(c, id)),
      resolve: (rootId, resolved) => withClient((c) => setResolved(c, rootId, resolved)),
      select: (thread) => {
        if (!editor || thread.at.deleted) return;
        const { from, to } = thread.at;
        const sel = TextSelection.create(editor.state.doc, from, to);
        editor.view.dispatch(editor.state.tr.setSelection(sel).scrollIntoView());
        editor.view.focus();
      },
    };
  }, [supabase, noteId, editor, changed]);

  return { rows, signal, actions, draftFromSelection };
}
