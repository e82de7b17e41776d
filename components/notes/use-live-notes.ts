"use client";

import { useEffect, useState } from "react";

import { useLoadedSupabase } from "@/components/auth/supabase-config";
import { onNoteChange } from "@/lib/notes/local-changes";
import { applyNoteChange, toListItem, type NoteListItem } from "@/lib/notes/list";
import type { Tables } from "@/lib/supabase/database.types";

/**
 * The server's list, kept current by Postgres changes: a note created, renamed, pinned or trashed
 * on another device moves here without a reload. A new server list (after an action) wins. The
 * client library loads after the list is shown: the list is already in the HTML.
 */
export function useLiveNotes(initialNotes: NoteListItem[], userId: string): NoteListItem[] {
  const supabase = useLoadedSupabase();
  const [state, setState] = useState({ from: initialNotes, notes: initialNotes });
  if (state.from !== initialNotes) setState({ from: initialNotes, notes: initialNotes });

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
    [],
  );

  useEffect(() => {
    if (!supabase) return;
    const channel = supabase
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
      .subscribe();
    return () => {
      void supabase.removeChannel(channel);
    };
  }, [supabase, userId]);

  return state.notes;
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
