"use server";

import { z } from "zod";

import { failure, NO_SUCH_NOTE } from "@/lib/actions/failure";
import { userAction } from "@/lib/actions/with-user";
import { isNoteId } from "@/lib/notes/limits";

export type ShareResult = { slug?: string | null; error?: string };

const aNote = z.tuple([z.string().refine(isNoteId)]);
/** A malformed id is a missing note, answered before asking the database. */
const aboutANote = { invalid: NO_SUCH_NOTE };

/** Makes the note public at an unguessable link; sharing a shared note keeps its link. */
export const shareNote = userAction(
  aNote,
  async ([id], { supabase }): Promise<ShareResult> => {
    const { data, error } = await supabase.rpc("share_note", { note_id: id });
    if (error) return failure("share the note", error);
    return { slug: data };
  },
  aboutANote,
);

/** Turns the link off at once; sharing again later makes a new link. */
export const unshareNote = userAction(
  aNote,
  async ([id], { supabase }): Promise<ShareResult> => {
    const { error } = await supabase.rpc("unshare_note", { note_id: id });
    if (error) return failure("stop sharing the note", error);
    return { slug: null };
  },
  aboutANote,
);

/** Whether search engines may index the shared page. */
export const setShareIndexable = userAction(
  z.tuple([z.string().refine(isNoteId), z.boolean()]),
  async ([id, indexable], { supabase }): Promise<ShareResult> => {
    const { error } = await supabase
      .from("notes")
      .update({ share_indexable: indexable })
      .eq("id", id);
    if (error) return failure("change who can find the note", error);
    return {};
  },
  aboutANote,
);
