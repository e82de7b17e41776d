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
import type { Database, Tables } from "@/lib/supabase/database.types";
import type { SupabaseClient } from "@supabase/supabase-js";
import { listenToNoteChanges } from "@/lib/notes/note-changes";

/**
 * The server's list, kept current by Postgres changes: a note created, renamed, pinned or trashed
 * on another device moves here without a reload. The client library loads after the list is
 * shown: the first page is already in the HTML; older notes load a page at a time on demand.
 */
export function useLiveNotes(firstPage: NotesPage, userId: string, folder: string | null = null) {
  const supabase = useLoadedSupabase();
  const fetchPage = useCallback(
    (client: SupabaseClient<Database>, after: NoteListItem) =>
      fetchNotesPage(client, after, folder),
    [folder],
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
    const stop = listenToNoteChanges(client, userId, {
      change: (change) => {
        keepTitleOf(userId, change);
        setState((s) => ({
          ...s,
          notes:
            change.eventType === "DELETE" ||
            // Filed elsewhere: it leaves this folder's list.
            (folder !== null && (change.new as Partial<Tables<"notes">>).folder_id !== folder)
              ? applyNoteChange(s.notes, {
                  type: "delete",
                  id: String(change.eventType === "DELETE" ? change.old.id : change.new.id),
                })
              : applyNoteChange(s.notes, {
                  type: "upsert",
                  note: fromChangedRow(s.notes, change.new as Partial<Tables<"notes">>),
                }),
        }));
      },
      // What changed before this join was never heard: between the server's read and the first
      // join, or while the connection was down. Once its changes flow, the first page is checked,
      // and read again only if it moved (the server's page from the HTML stays what `from` is).
      flowing: () => {
        void firstPageMoved(client, shown.current, folder)
          .then((moved) => (moved && live ? fetchNotesPage(client, null, folder) : null))
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
      stop();
    };
  }, [folder, setState, supabase, userId]);

  return { notes: state.notes, more: state.more, loading, loadMore };
}

/**
 * The list item for a changed row, with the preview derived from its body as the server derives
 * it. A row that arrives without its body (too large for the change message) keeps the preview
 * the list already had.
 */
function fromChangedRow(notes: NoteListItem[], row: Partial<Tables<"notes">>): NoteListItem {
  const item = toListItem({
    id: row.id ?? null,
    title: row.title ?? null,
    body: row.body,
    pinned: row.pinned ?? null,
    updated_at: row.updated_at ?? null,
    deleted_at: row.deleted_at ?? null,
  });
  if (typeof row.body === "string") return item;
  return { ...item, preview: notes.find((n) => n.id === item.id)?.preview ?? "" };
}

/**
 * The titles kept on this device for searching offline follow the list's live changes (loaded
 * only when a change arrives, so the list's first load stays as it was).
 */
function keepTitleOf(
  userId: string,
  change: { eventType: string; new: unknown; old: unknown },
): void {
  const row = change.new as Partial<Tables<"notes">>;
  const gone = change.eventType === "DELETE" || Boolean(row.deleted_at);
  const id = String(
    gone && change.eventType === "DELETE" ? (change.old as { id?: string }).id : row.id,
  );
  if (!id || id === "undefined") return;
  if (!gone && (typeof row.title !== "string" || typeof row.updated_at !== "string")) return;
  void import("@/lib/search/device-titles")
    .then((titles) =>
      gone
        ? titles.dropTitle(userId, id)
        : titles.keepTitles(userId, [
            { id, title: row.title as string, updated_at: row.updated_at as string },
          ]),
    )
    .catch(() => {});
}
