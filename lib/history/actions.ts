"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";

import { failure } from "@/lib/actions/failure";
import { userAction } from "@/lib/actions/with-user";
import { stateMarkdown } from "@/lib/history/keep";
import { copyVersionToNote, restoreVersion } from "@/lib/history/restore";
import type { VersionRow } from "@/lib/history/timeline";
import { fromBytea } from "@/lib/notes/bytea";
import { documentMarkdown } from "@/lib/notes/document-text";
import { docOf } from "@/lib/history/keep";

const noteId = z.string().uuid();
const versionId = z.number().int().positive();
const NOT_READ = "That request could not be read.";

export type HistoryPageResult = { error?: string; versions?: VersionRow[] };

/** A page of a note's timeline, newest first, after the given version when there is one. */
export const historyPage = userAction(
  z.tuple([noteId, z.object({ at: z.string().max(40), id: versionId }).nullable()]),
  async ([id, before], { supabase }): Promise<HistoryPageResult> => {
    const { data, error } = await supabase.rpc("note_history", {
      note_id: id,
      before_at: before?.at,
      before_id: before?.id,
      page_size: 30,
    });
    if (error) return failure("read the note's history", error);
    return { versions: data };
  },
  { invalid: NOT_READ },
);

export type PreviewResult = { error?: string; version?: string; current?: string };

/** A version's text and the note's text now, as Markdown, for the preview and its diff. */
export const versionPreview = userAction(
  z.tuple([noteId, versionId]),
  async ([id, vid], { supabase }): Promise<PreviewResult> => {
    const [version, state] = await Promise.all([
      supabase.from("note_versions").select("state").eq("id", vid).eq("note_id", id).maybeSingle(),
      supabase.rpc("note_state", { note_id: id }).maybeSingle(),
    ]);
    if (version.error) return failure("read the version", version.error);
    if (state.error) return failure("read the note", state.error);
    if (!version.data || !state.data) return { error: "That version doesn't exist." };
    const doc = docOf(fromBytea(state.data.ydoc), state.data.updates.map(fromBytea));
    try {
      return {
        version: stateMarkdown(fromBytea(version.data.state)),
        current: documentMarkdown(doc),
      };
    } finally {
      doc.destroy();
    }
  },
  { invalid: NOT_READ },
);

export type RestoreResult = { error?: string; beforeRestoreId?: number };

/** Restores a version as a new edit of the note; answers the version to undo it with. */
export const restoreNoteVersion = userAction(
  z.tuple([noteId, versionId]),
  async ([id, vid], { supabase, user }): Promise<RestoreResult> => {
    try {
      const out = await restoreVersion(supabase, user.id, id, vid);
      if (!out.ok) return { error: out.message };
      revalidatePath("/notes", "layout");
      return { beforeRestoreId: out.beforeRestoreId };
    } catch (err) {
      return failure("restore the version", err);
    }
  },
  { invalid: NOT_READ },
);

export type CopyResult = { error?: string; noteId?: string };

/** A new note with the version's content. */
export const copyNoteVersion = userAction(
  z.tuple([noteId, versionId]),
  async ([id, vid], { supabase, user }): Promise<CopyResult> => {
    try {
      const out = await copyVersionToNote(supabase, user.id, id, vid);
      if (!out.ok) return { error: out.message };
      revalidatePath("/notes", "layout");
      return { noteId: out.noteId };
    } catch (err) {
      return failure("copy the version", err);
    }
  },
  { invalid: NOT_READ },
);
