"use server";

import { isNoteId } from "@/lib/notes/limits";
import { createClient } from "@/lib/supabase/server";

export type ShareResult = { slug?: string | null; error?: string };

function failed(what: string, message: string): ShareResult {
  console.error(`${what} failed (/notes):`, message);
  return { error: `Couldn't ${what}. Check your connection and try again.` };
}

/** Makes the note public at an unguessable link; sharing a shared note keeps its link. */
export async function shareNote(id: string): Promise<ShareResult> {
  if (!isNoteId(id)) return { error: "That note doesn't exist." };
  const supabase = await createClient();
  const { data, error } = await supabase.rpc("share_note", { note_id: id });
  if (error?.code === "P0002") return { error: error.message };
  if (error) return failed("share the note", error.message);
  return { slug: data };
}

/** Turns the link off at once; sharing again later makes a new link. */
export async function unshareNote(id: string): Promise<ShareResult> {
  if (!isNoteId(id)) return { error: "That note doesn't exist." };
  const supabase = await createClient();
  const { error } = await supabase.rpc("unshare_note", { note_id: id });
  if (error?.code === "P0002") return { error: "That note doesn't exist." };
  if (error) return failed("stop sharing the note", error.message);
  return { slug: null };
}

/** Whether search engines may index the shared page. */
export async function setShareIndexable(id: string, indexable: boolean): Promise<ShareResult> {
  if (!isNoteId(id)) return { error: "That note doesn't exist." };
  const supabase = await createClient();
  const { error } = await supabase
    .from("notes")
    .update({ share_indexable: indexable })
    .eq("id", id);
  if (error) return failed("change who can find the note", error.message);
  return {};
}
