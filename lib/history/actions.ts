"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";

import { failure } from "@/lib/actions/failure";
import { userAction } from "@/lib/actions/with-user";
import { removedAttachments } from "@/lib/history/attachments";
import {
  copyVersionToNote,
  fileKept,
  restoreAttachment,
  restoreVersion,
  takeOutRestoredAttachment,
} from "@/lib/history/restore";
import { previewText } from "@/lib/history/preview-text";
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

/** A file a version holds that the note no longer does, and whether Storage still keeps it. */
export type RemovedFile = { path: string; name: string; type: string; size: number; kept: boolean };

export type PreviewResult = {
  error?: string;
  version?: string;
  current?: string;
  removedFiles?: RemovedFile[];
};

/** How many removed files a preview looks up in Storage; a version rarely holds more. */
const MAX_REMOVED_FILES = 50;

/**
 * A version's text and the note's text now, as Markdown, for the preview and its diff, with the
 * files the version holds that the note no longer does (each one can be put back while kept).
 */
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
    const then = docOf(fromBytea(version.data.state), []);
    try {
      const removed = removedAttachments(then, doc).slice(0, MAX_REMOVED_FILES);
      const kept = await Promise.all(removed.map((a) => fileKept(supabase, a.path)));
      return {
        version: previewText(documentMarkdown(then)),
        current: previewText(documentMarkdown(doc)),
        removedFiles: removed.map((a, i) => ({ ...a, kept: kept[i] })),
      };
    } catch (err) {
      return failure("read the version's files", err);
    } finally {
      doc.destroy();
      then.destroy();
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

export type AttachmentRestoreResult = { error?: string; name?: string };

const path = z.string().min(1).max(400);

/** Puts one file of a version back into the note, as a new change every device follows. */
export const restoreVersionAttachment = userAction(
  z.tuple([noteId, versionId, path]),
  async ([id, vid, file], { supabase, user }): Promise<AttachmentRestoreResult> => {
    try {
      const out = await restoreAttachment(supabase, user.id, id, vid, file);
      if (!out.ok) return { error: out.message };
      revalidatePath("/notes", "layout");
      return { name: out.attachment.name };
    } catch (err) {
      return failure("put the file back", err);
    }
  },
  { invalid: NOT_READ },
);

/** Undoes putting a file back: its node leaves the note again; the file stays kept. */
export const undoAttachmentRestore = userAction(
  z.tuple([noteId, path]),
  async ([id, file], { supabase, user }): Promise<{ error?: string }> => {
    try {
      const out = await takeOutRestoredAttachment(supabase, user.id, id, file);
      if (!out.ok) return { error: out.message };
      revalidatePath("/notes", "layout");
      return {};
    } catch (err) {
      return failure("undo putting the file back", err);
    }
  },
  { invalid: NOT_READ },
);
