"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";

import { userAction } from "@/lib/actions/with-user";
import { createSharedNote } from "@/lib/share-target/create";
import { SHARED_FILES_MAX_COUNT } from "@/lib/share-target/shared-files";

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

const fileNames = z.array(z.string().max(1000)).max(SHARED_FILES_MAX_COUNT);
const shareId = z.uuid();

/**
 * Makes a note of a share that came with files (the service worker kept them on this device):
 * its text, or a title after the files when there is none. The device then keeps the files for
 * the note and opens it, and the editor attaches them as it attaches any file. Answers the note and
 * whose it is, so the files are kept in that person's own store. The note takes the share's id, so
 * a claim tried again answers the note made the first time rather than making another.
 */
export const shareWithFilesIntoNote = userAction(
  z.tuple([fields, fileNames, shareId]),
  async ([shared, names, id], { supabase, user }) => {
    const made = await createSharedNote(supabase, user.id, shared, "/share", names, id);
    if ("error" in made) return made;
    revalidatePath("/notes", "layout");
    return { id: made.id, userId: user.id };
  },
  { invalid: "What was shared could not be read. Share it again." },
);
