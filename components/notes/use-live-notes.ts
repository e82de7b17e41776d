"use client";

import { useEffect, useState } from "react";

import { useSupabase } from "@/components/auth/supabase-provider";
import { onNoteChange } from "@/lib/notes/local-changes";
import { applyNoteChange, NOTE_SUMMARY_COLUMNS, type NoteSummary } from "@/lib/notes/list";

/**
 * The server's list, kept current by Postgres changes: a note created, renamed, pinned or trashed
 * on another device moves here without a reload. A new server list (after an action) wins.
 */
export function useLiveNotes(initialNotes: NoteSummary[], userId: string): NoteSummary[] {
  const supabase = useSupabase();
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
            notes: applyNoteChange(s.notes, { type: "upsert", note: { ...known, ...change } }),
          };
        }),
      ),
    [],
  );

  useEffect(() => {
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
                    note: pick(change.new as NoteSummary),
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

const COLUMNS = NOTE_SUMMARY_COLUMNS.split(", ") as (keyof NoteSummary)[];

function pick(row: NoteSummary): NoteSummary {
  return Object.fromEntries(COLUMNS.map((c) => [c, row[c]])) as NoteSummary;
}
