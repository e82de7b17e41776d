"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { SupabaseClient } from "@supabase/supabase-js";

import { NO_PEOPLE, notePeopleFrom, type NotePeople } from "@/lib/notes/note-people";
import type { Database } from "@/lib/supabase/database.types";
import { isOffline, readWhenOnline } from "@/lib/when-online";

/**
 * Everyone with access to the note, as the server has them (`note_people`): the names and faces
 * the page shows for those here, their carets and comment authors. `reload` reads the list again,
 * as when someone not on it shows up or access changed; reads that overlap keep the newest.
 * Offline, nothing is asked (who was known stays); the list is read when the connection returns.
 */
export function useNotePeople(supabase: SupabaseClient<Database> | null, noteId: string) {
  const [people, setPeople] = useState<NotePeople>(NO_PEOPLE);
  const reading = useRef(0);
  const reload = useCallback(async () => {
    // Without the client library yet, the list is read once it has loaded (a new `reload`).
    if (!supabase || isOffline()) return;
    const ticket = ++reading.current;
    const { data, error } = await supabase.rpc("note_people", { note_id: noteId });
    // Offline or refused: who was known stays.
    if (ticket !== reading.current || error) return;
    setPeople(notePeopleFrom(data));
  }, [supabase, noteId]);
  useEffect(() => {
    let stop = () => {};
    const first = setTimeout(() => {
      stop = readWhenOnline(() => void reload().catch(() => {}), { again: true });
    }, 0);
    return () => {
      clearTimeout(first);
      stop();
    };
  }, [reload]);
  return { people, reload };
}
