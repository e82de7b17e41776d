"use client";

import { useCallback, useEffect, useRef } from "react";

import { useLoadedSupabase } from "@/components/supabase/supabase-config";
import { usePagedList } from "@/components/notes/use-paged-list";
import { onNoteMoved } from "@/lib/folders/move-queue";
import { onNoteChange } from "@/lib/notes/local-changes";
import {
  applyNoteChange,
  compareNotes,
  fetchNotesPage,
  firstPageMoved,
  listFromServer,
  toListItem,
  type NoteListItem,
  type NotesPage,
} from "@/lib/notes/list";
import type { Database } from "@/lib/supabase/database.types";
import type { SupabaseClient } from "@supabase/supabase-js";
import { batched } from "@/lib/notes/change-batch";
import { listenToNoteChanges, type NoteChange } from "@/lib/notes/note-changes";

/**
 * The server's list, kept current by the database's note changes: a note created, renamed, pinned or trashed
 * on another device moves here without a reload. The client library loads after the list is
 * shown: the first page is already in the HTML; older notes load a page at a time on demand.
 */
export function useLiveNotes(firstPage: NotesPage, userId: string, folder: string | null = null) {
  const supabase = useLoadedSupabase();
  const fetchPage = useCallback(
    (client: SupabaseClient<Database>, after: NoteListItem) =>
      fetchNotesPage(client, userId, after, folder),
    [userId, folder],
  );
  const { state, setState, loading, loadMore } = usePagedList(firstPage, fetchPage, compareNotes);
  const shown = useRef(state.notes);
  useEffect(() => {
    shown.current = state.notes;
  });

  useEffect(
    () =>
      onNoteChange((change) =>
        setState((s) => {
          const known = s.notes.find((n) => n.id === change.id);
          if (!known) return s;
          return {
            ...s,
            notes: applyNoteChange(s.notes, {
              type: "upsert",
              note: toListItem({ ...known, ...change }),
            }),
          };
        }),
      ),
    [setState],
  );

  // A note this tab filed elsewhere leaves a folder's list at once, before the server answers.
  useEffect(
    () =>
      onNoteMoved((moved) => {
        if (folder === null || moved.folder === folder) return;
        setState((s) => ({
          ...s,
          notes: applyNoteChange(s.notes, { type: "delete", id: moved.id }),
        }));
      }),
    [folder, setState],
  );

  useEffect(() => {
    if (!supabase) return;
    const client = supabase;
    let live = true;
    // Thousands of changes at once (an import) make one update of the list a window, not one each.
    const changes = batched<NoteChange>((all) => {
      keepTitlesOf(userId, all);
      setState((s) => ({
        ...s,
        notes: all.reduce(
          (notes, change) =>
            change.event === "delete" ||
            // Filed elsewhere: it leaves this folder's list.
            (folder !== null && change.note.folder_id !== folder)
              ? applyNoteChange(notes, {
                  type: "delete",
                  id: change.event === "delete" ? change.id : change.note.id,
                })
              : applyNoteChange(notes, { type: "upsert", note: toListItem(change.note) }),
          s.notes,
        ),
      }));
    });
    const stop = listenToNoteChanges(client, userId, {
      change: (change) => changes.push(change),
      // What changed before this join was never heard: between the server's read and the first
      // join, or while the connection was down. Once its changes flow, the first page is checked,
      // and read again only if it moved (the server's page from the HTML stays what `from` is).
      flowing: () => {
        // Every note of the person kept on this device, for the app opened with no network.
        void import("@/lib/search/device-titles")
          .then((titles) => titles.keepWholeListSoon(client, userId))
          .catch(() => {});
        void firstPageMoved(client, userId, shown.current, folder)
          .then((moved) => (moved && live ? fetchNotesPage(client, userId, null, folder) : null))
          .then(
            (page) => {
              if (page && live) setState((s) => ({ ...listFromServer(page, s), from: s.from }));
            },
            () => {}, // Unreachable: the next join checks again.
          );
      },
    });
    return () => {
      live = false;
      changes.cancel();
      stop();
    };
  }, [folder, setState, supabase, userId]);

  return { notes: state.notes, more: state.more, loading, loadMore };
}

/**
 * The titles kept on this device for finding and listing notes offline follow the list's live changes (loaded
 * only when a change arrives, so the list's first load stays as it was): each note as its last
 * change left it, kept or dropped.
 */
function keepTitlesOf(userId: string, changes: NoteChange[]): void {
  const last = new Map<string, NoteChange>();
  for (const change of changes)
    last.set(change.event === "delete" ? change.id : change.note.id, change);
  const kept = [...last.values()].flatMap((c) =>
    c.event === "delete" || c.note.deleted_at
      ? []
      : [
          {
            id: c.note.id,
            title: c.note.title,
            updated_at: c.note.updated_at,
            preview: toListItem(c.note).preview,
            folder_id: c.note.folder_id,
            pinned: c.note.pinned,
          },
        ],
  );
  const dropped = [...last].flatMap(([id, c]) =>
    c.event === "delete" || c.note.deleted_at ? [id] : [],
  );
  void import("@/lib/search/device-titles")
    .then(async (titles) => {
      await titles.keepTitles(userId, kept);
      for (const id of dropped) await titles.dropTitle(userId, id);
    })
    .catch(() => {});
}
