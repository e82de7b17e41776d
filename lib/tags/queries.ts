import "server-only";

import { cache } from "react";

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

export type Mention = { source_id: string; source_title: string; context: string };

/**
 * The notes linking to a note, and those naming its title without a link. Once per request: the
 * note's page asks for them as it starts, and the part under the note takes the same answer.
 */
export const noteMentions = cache(async function noteMentions(
  id: string,
): Promise<{ backlinks: Mention[]; unlinked: Mention[] }> {
  const supabase = await readClient();
  // Both lists in one round trip, each in its own order.
  const { data, error } = await supabase.rpc("note_mentions", { note_id: id });
  if (error) throw new Error(`Reading links to a note failed: ${error.message}`);
  const backlinks: Mention[] = [];
  const unlinked: Mention[] = [];
  for (const { linked, source_id, source_title, context } of data) {
    (linked ? backlinks : unlinked).push({ source_id, source_title, context });
  }
  return { backlinks, unlinked };
});
