"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";

import { failure } from "@/lib/actions/failure";
import { userAction } from "@/lib/actions/with-user";
import { normalizeTag } from "@/lib/tags/parse";
import { checkRename } from "@/lib/tags/pending-renames";
import { renameTagInNotes } from "@/lib/tags/rename";

export type RenameTagResult = { error?: string; tag?: string; notes?: number; skipped?: number };

const NOT_A_TAG = "A tag is made of letters, digits, - and _, with / between its parts.";

/** Renames a tag (and its sub-tags) in every note that carries it, as edits to each document. */
export const renameTag = userAction(
  z.tuple([z.string().max(300), z.string().max(300)]),
  async ([fromInput, toInput], { supabase, user }): Promise<RenameTagResult> => {
    const checked = checkRename(fromInput, toInput, normalizeTag);
    if ("error" in checked) return checked;
    const { from, to } = checked.rename;
    if (from === to) return { tag: to, notes: 0, skipped: 0 };
    try {
      const { notes, skipped } = await renameTagInNotes(supabase, user.id, from, to);
      revalidatePath("/notes", "layout");
      return { tag: to, notes, skipped };
    } catch (err) {
      return failure("rename the tag", err);
    }
  },
  { invalid: NOT_A_TAG },
);
