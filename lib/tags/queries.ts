import "server-only";

import { readClient } from "@/lib/supabase/server";

export type TaggedNote = {
  id: string;
  title: string;
  body: string;
  pinned: boolean;
  updated_at: string;
};

/** The signed-in person's notes carrying the tag or one of its sub-tags. */
export async function notesWithTag(tag: string): Promise<TaggedNote[]> {
  const supabase = await readClient();
  const { data, error } = await supabase.rpc("notes_with_tag", { tag });
  if (error) throw new Error(`Reading a tag's notes failed: ${error.message}`);
  return data;
}

/** The signed-in person's tags with their counts (sub-tags included). */
export async function tagCounts(): Promise<{ tag: string; note_count: number }[]> {
  const supabase = await readClient();
  const { data, error } = await supabase.rpc("tag_tree");
  if (error) throw new Error(`Reading tags failed: ${error.message}`);
  return data;
}
