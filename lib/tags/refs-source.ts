import type { SupabaseClient } from "@supabase/supabase-js";

import type { NoteRefsSource } from "@/lib/notes/editor/refs-source";
import type { Database } from "@/lib/supabase/database.types";

/** How long a list fetched for a picker is reused while typing. */
const FRESH_MS = 10_000;

function cached<T>(load: () => Promise<T>): () => Promise<T> {
  let value: { at: number; data: Promise<T> } | null = null;
  return () => {
    if (!value || Date.now() - value.at > FRESH_MS) {
      const data = load();
      value = { at: Date.now(), data };
      data.catch(() => {
        value = null;
      });
    }
    return value.data;
  };
}

/** The editor's tags and notes from the signed-in person's own data (RLS keeps it theirs). */
export function supabaseRefsSource(
  client: () => Promise<SupabaseClient<Database>>,
  open: (href: string) => void,
): NoteRefsSource {
  return {
    tags: cached(async () => {
      const supabase = await client();
      const { data, error } = await supabase.rpc("tag_tree");
      if (error) throw new Error(error.message);
      return data.map((row) => ({ tag: row.tag, count: row.note_count }));
    }),
    notes: cached(async () => {
      const supabase = await client();
      const { data, error } = await supabase
        .from("notes")
        .select("id, title")
        .is("deleted_at", null)
        .order("updated_at", { ascending: false })
        .limit(2000);
      if (error) throw new Error(error.message);
      return data;
    }),
    async createNote(title) {
      const supabase = await client().catch(() => null);
      if (!supabase) return null;
      const { data, error } = await supabase.from("notes").insert({ title }).select("id").single();
      return error ? null : data.id;
    },
    open,
  };
}
