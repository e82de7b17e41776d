import type { SupabaseClient } from "@supabase/supabase-js";

import type { Database } from "@/lib/supabase/database.types";
import { markdownRefs } from "@/lib/tags/parse";

/**
 * Reads tags and `[[links]]` once from the text of notes written before they were read from text
 * (notes with a '#' or '[[' and no tag or link), with the same rules as the rest of the app, and
 * writes them unless the note changed meanwhile. Needs the secret key; safe to run again.
 */
export async function backfillNoteRefs(
  admin: SupabaseClient<Database>,
): Promise<{ read: number; written: number }> {
  let after: string | undefined;
  let read = 0;
  let written = 0;
  for (;;) {
    const {
      data,
      error,
    }: { data: { id: string; title: string; body: string }[] | null; error: unknown } =
      await admin.rpc("notes_lacking_refs", { after_id: after, max_rows: 200 });
    if (error || !data)
      throw new Error(`listing notes without tags or links: ${(error as Error | null)?.message}`);
    if (data.length === 0) return { read, written };
    for (const note of data) {
      read += 1;
      const refs = markdownRefs(`${note.title}\n\n${note.body}`);
      if (refs.tags.length === 0 && refs.links.length === 0) continue;
      const wrote = await admin.rpc("write_note_refs", {
        note_id: note.id,
        title: note.title,
        body: note.body,
        tags: refs.tags,
        links: refs.links.map(({ title, context }) => ({ title, context })),
      });
      if (wrote.error) throw new Error(`writing a note's tags and links: ${wrote.error.message}`);
      if (wrote.data) written += 1;
    }
    after = data[data.length - 1].id;
  }
}
