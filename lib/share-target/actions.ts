"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";

import { userAction } from "@/lib/actions/with-user";
import { createSharedNote } from "@/lib/share-target/create";

const fields = z.object({ title: z.string(), text: z.string(), url: z.string() });

/**
 * Makes a note of a share that was kept in the tab through signing in (app/share/route.ts keeps
 * it), then opens it.
 */
export const shareIntoNote = userAction(
  z.tuple([fields]),
  async ([shared], { supabase, user }) => {
    const made = await createSharedNote(supabase, user.id, shared, "/share");
    if ("error" in made) return made;
    revalidatePath("/notes", "layout");
    redirect(`/notes/${made.id}`);
  },
  { invalid: "What was shared could not be read. Share it again." },
);
