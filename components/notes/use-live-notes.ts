"use client";

import { useEffect, useMemo, useRef } from "react";

import { useLoadedSupabase } from "@/components/supabase/supabase-config";
import { usePagedList } from "@/components/notes/use-paged-list";
import { onNoteChange } from "@/lib/notes/local-changes";
import {
  applyNoteChange,
  compareNotes,
  fetchNotesPage,
  firstPageMoved,
  listFromServer,
  toListItem,
  unpackNotesPage,
  type NoteListItem,
  type PackedNotesPage,
} from "@/lib/notes/list";
import type { Tables } from "@/lib/supabase/database.types";

/**
 * The server's list, kept current by Postgres changes: a note created, renamed, pinned or trashed
 * on another device moves here without a reload. The client library loads after the list is
 * shown: the first page is already in the HTML; older notes load a page at a time on demand.
 */
export function useLiveNotes(packed: PackedNotesPage, userId: string) {
  const supabase = useLoadedSupabase();
  // One page object per server page: a new one from the server is how the list knows it changed.
  const firstPage = useMemo(() => unpackNotesPage(packed), [packed]);
  const { state, setState, loading, loadMore } = usePagedList(
    firstPage,
    fetchNotesPage,
    compareNotes,
  );
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

  useEffect(() => {
    if (!supabase) return;
    const client = supabase;
    let live = true;
    const channel = client
      .channel(`notes-list:${userId}`)
      .on(
        "postgres_changes",
        { event: "*", schema: "public", table: "notes", filter: `owner_id=eq.${userId}` },
        (change) => {
          setState((s) => ({
            ...s,
            notes:
              change.eventType === "DELETE"
                ? applyNoteChange(s.notes, { type: "delete", id: String(change.old.id) })
                : applyNoteChange(s.notes, {
                    type: "upsert",
                    note: fromChangedRow(s.notes, change.new as Partial<Tables<"notes">>),
                  }),
          }));
        },
      )
      .subscribe((status) => {
        if (status !== "SUBSCRIBED") return;
        // What changed before this join was never heard: between the server's read and the first
        // join, or while the connection was down. The first page is checked, and read again only
        // if it moved (the server's page from the HTML stays what `from` is).
        void firstPageMoved(client, shown.current)
          .then((moved) => (moved && live ? fetchNotesPage(client, null) : null))
          .then(
            (page) => {
              if (page && live) setState((s) => ({ ...listFromServer(page, s), from: s.from }));
            },
            () => {}, // Unreachable: the next join checks again.
          );
      });
    return () => {
      live = false;
      void client.removeChannel(channel);
    };
  }, [setState, supabase, userId]);

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
