import type { Database } from "@/lib/supabase/database.types";

/** A note that mentions another: its id and title, and the sentence around the mention. */
export type Mention = { source_id: string; source_title: string; context: string };

export type NoteMentions = { backlinks: Mention[]; unlinked: Mention[] };

type MentionRow = Database["public"]["Functions"]["note_mentions"]["Returns"][number];

/**
 * The `note_mentions` rows split in two, each in the order the database gave: the notes linking
 * to the note, and those naming its title without a link.
 */
export function groupMentions(rows: readonly MentionRow[]): NoteMentions {
  const backlinks: Mention[] = [];
  const unlinked: Mention[] = [];
  for (const { linked, source_id, source_title, context } of rows) {
    (linked ? backlinks : unlinked).push({ source_id, source_title, context });
  }
  return { backlinks, unlinked };
}
