"use client";

import { useEffect, useRef, useState } from "react";

import { loadSupabase, useSupabaseConfig } from "@/components/supabase/supabase-config";
import { SearchField } from "@/components/notes/search-field";

export type SearchHit = { id: string; title: string; title_highlighted: string; snippet: string };

/**
 * Search as you type (websearch syntax); answers that arrive out of order are dropped. The client
 * library is fetched when the box is first focused, not with the page.
 */
export function NoteSearch({
  onResults,
}: {
  onResults: (results: { query: string; hits: SearchHit[] | null }) => void;
}) {
  const config = useSupabaseConfig();
  const [query, setQuery] = useState("");
  const latest = useRef(0);

  useEffect(() => {
    const q = query.trim();
    const ticket = ++latest.current;
    if (q === "") {
      onResults({ query: "", hits: null });
      return;
    }
    onResults({ query: q, hits: null });
    const timer = setTimeout(async () => {
      const supabase = await loadSupabase(config).catch(() => null);
      const { data, error } = supabase
        ? await supabase.rpc("search_notes", { query: q, max_results: 30 })
        : { data: null, error: true };
      if (ticket !== latest.current) return;
      onResults({ query: q, hits: error ? [] : data });
    }, 120);
    return () => clearTimeout(timer);
  }, [query, config, onResults]);

  return (
    <SearchField
      label="Search notes"
      value={query}
      onValue={setQuery}
      onFocus={() => void loadSupabase(config).catch(() => {})}
    />
  );
}
