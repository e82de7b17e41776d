"use client";

import { useCallback, useRef, useState } from "react";
import type { SupabaseClient } from "@supabase/supabase-js";
import { toast } from "sonner";

import { loadSupabase, useSupabaseConfig } from "@/components/supabase/supabase-config";
import { listFromServer, withPage, type NoteListItem, type NotesPage } from "@/lib/notes/list";
import type { Database } from "@/lib/supabase/database.types";

type Compare = (a: NoteListItem, b: NoteListItem) => number;

/**
 * A list whose first page came with the HTML and whose older pages load on demand, each one
 * continuing after the last note read. A new server page (after an action) wins, and keeps the
 * older pages already loaded below it. `fetchPage` and `compare` must keep their identity.
 */
export function usePagedList(
  firstPage: NotesPage,
  fetchPage: (supabase: SupabaseClient<Database>, after: NoteListItem) => Promise<NotesPage>,
  compare: Compare,
) {
  const config = useSupabaseConfig();
  const [state, setState] = useState(() => listFromServer(firstPage, undefined, compare));
  if (state.from !== firstPage) setState(listFromServer(firstPage, state, compare));
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);

  const cursor = state.cursor;
  const loadMore = useCallback(async () => {
    if (busy.current || !cursor || !state.more) return;
    busy.current = true;
    setLoading(true);
    try {
      const page = await fetchPage(await loadSupabase(config), cursor);
      setState((s) =>
        s.cursor !== cursor
          ? s
          : {
              ...s,
              notes: withPage(s.notes, page.notes, compare),
              more: page.more,
              cursor: page.notes.at(-1) ?? s.cursor,
            },
      );
    } catch {
      toast.error("More notes could not be loaded. Check your connection and try again.");
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [compare, config, cursor, fetchPage, state.more]);

  return { state, setState, loading, loadMore };
}
