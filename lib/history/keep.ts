import "server-only";

import type { SupabaseClient } from "@supabase/supabase-js";
import * as Y from "yjs";

import { fromBytea, toBytea } from "@/lib/notes/bytea";
import { documentMarkdown } from "@/lib/notes/document-text";
import { createAdminClient } from "@/lib/supabase/admin";
import type { Database } from "@/lib/supabase/database.types";
import { attachmentPathsOf } from "@/lib/history/attachments";
import { versionDue } from "@/lib/history/grouping";
import { summarize, wordChanges } from "@/lib/history/words";

export type VersionKind = "session" | "before_restore" | "restore" | "import";

/** A Y.Doc made of a note's stored state (its merged ydoc and the updates on it). */
export function docOf(ydoc: Uint8Array, updates: Uint8Array[]): Y.Doc {
  const doc = new Y.Doc();
  if (ydoc.length > 0) Y.applyUpdate(doc, ydoc);
  for (const update of updates) Y.applyUpdate(doc, update);
  return doc;
}

/** The Markdown of a stored Yjs state, as the editor would write it. */
export function stateMarkdown(state: Uint8Array): string {
  const doc = docOf(state, []);
  try {
    return documentMarkdown(doc);
  } finally {
    doc.destroy();
  }
}

/** The state of the note's newest version, or null when it has none yet. */
export async function lastVersionState(noteId: string): Promise<Uint8Array | null> {
  const previous = await createAdminClient()
    .from("note_versions")
    .select("state")
    .eq("note_id", noteId)
    .order("created_at", { ascending: false })
    .order("id", { ascending: false })
    .limit(1)
    .maybeSingle();
  if (previous.error) throw new Error(`reading the last version: ${previous.error.message}`);
  return previous.data ? fromBytea(previous.data.state) : null;
}

export type KeepOptions = {
  summary?: string;
  device?: string | null;
  /** The newest version's state, when the caller read it already (alongside its own reads). */
  previous?: Uint8Array | null;
  /** Whether to record a few earlier versions' files too (see below); a caller in a hurry may
   * leave that to the next version it keeps. */
  recordEarlier?: boolean;
};

/**
 * Keeps `state` as a version of the note, with what changed since the version before it, and
 * notes the time in the note's marks so the next edit is grouped after it. Returns its id.
 */
export async function keepVersion(
  noteId: string,
  ownerId: string,
  state: Uint8Array,
  kind: VersionKind,
  { summary, device, previous, recordEarlier = true }: KeepOptions = {},
): Promise<number> {
  const admin = createAdminClient();
  const last = previous === undefined ? await lastVersionState(noteId) : previous;
  const before = last ? stateMarkdown(last) : "";
  const doc = docOf(state, []);
  let markdown: string, attachmentPaths: string[];
  try {
    markdown = documentMarkdown(doc);
    // The files it holds stay in Storage while it is kept (the attachment sweep reads them).
    attachmentPaths = attachmentPathsOf(doc);
  } finally {
    doc.destroy();
  }
  const changes = wordChanges(before, markdown);
  const inserted = await admin
    .from("note_versions")
    .insert({
      note_id: noteId,
      owner_id: ownerId,
      kind,
      state: toBytea(state),
      device: device ? device.slice(0, 80) : null,
      words_added: changes.added,
      words_removed: changes.removed,
      summary: (summary ?? summarize(changes)).slice(0, 200),
      attachment_paths: attachmentPaths,
    })
    .select("id, created_at")
    .single();
  if (inserted.error) throw new Error(`keeping a version: ${inserted.error.message}`);
  const marked = await admin.from("note_history_marks").upsert({
    note_id: noteId,
    last_update_at: inserted.data.created_at,
    last_version_at: inserted.data.created_at,
  });
  if (marked.error) throw new Error(`marking the version: ${marked.error.message}`);
  if (recordEarlier) await recordEarlierVersionFiles(noteId);
  return inserted.data.id;
}

/** How many versions kept before their files were recorded one new version records. */
const RECORD_PER_VERSION = 5;

/**
 * Records the files of a few of the note's versions kept before versions recorded them, so the
 * attachment sweep (which leaves a note's folder alone while any version's files are unknown) can
 * run again once they are all known. Bounded per call; a failure is logged and tried next time.
 */
export async function recordEarlierVersionFiles(noteId: string): Promise<void> {
  const admin = createAdminClient();
  const { data, error } = await admin
    .from("note_versions")
    .select("id, state")
    .eq("note_id", noteId)
    .is("attachment_paths", null)
    .limit(RECORD_PER_VERSION);
  if (error) {
    console.error(`reading versions without their files failed: ${error.message}`);
    return;
  }
  for (const row of data) {
    let paths: string[] = [];
    try {
      const doc = docOf(fromBytea(row.state), []);
      try {
        paths = attachmentPathsOf(doc);
      } finally {
        doc.destroy();
      }
    } catch {
      // A state that cannot be read cannot be restored either: it holds no file back.
    }
    const updated = await admin
      .from("note_versions")
      .update({ attachment_paths: paths })
      .eq("id", row.id);
    if (updated.error)
      console.error(`recording a version's files failed: ${updated.error.message}`);
  }
}

/**
 * After an edit of a note was stored (row `storedId`, under RLS, so the caller owns the note):
 * records the edit's time by the database's clock and, when grouping says so, keeps the state
 * before it as a version. Two edits at once keep one version: the first to move the mark wins.
 */
export async function keepSessionVersion(
  supabase: SupabaseClient<Database>,
  userId: string,
  noteId: string,
  storedId: number,
  device: string | null = null,
): Promise<number | null> {
  const admin = createAdminClient();
  const touched = await admin.rpc("note_history_touch", { note_id: noteId }).single();
  if (touched.error) throw new Error(`marking the edit: ${touched.error.message}`);
  const marks = touched.data;
  if (
    !versionDue({
      previousUpdateAt: marks.previous_update_at,
      lastVersionAt: marks.last_version_at,
      startedAt: marks.started_at,
      now: marks.now,
    })
  )
    return null;
  const claim = admin
    .from("note_history_marks")
    .update({ last_version_at: marks.now })
    .eq("note_id", noteId);
  const claimed = await (
    marks.last_version_at === null
      ? claim.is("last_version_at", null)
      : claim.eq("last_version_at", marks.last_version_at)
  ).select("note_id");
  if (claimed.error) throw new Error(`claiming the version: ${claimed.error.message}`);
  if (claimed.data.length === 0) return null;

  const { data, error } = await supabase.rpc("note_state", { note_id: noteId }).maybeSingle();
  if (error) throw new Error(`reading the note's state: ${error.message}`);
  if (!data) return null;
  const earlier = data.updates.filter((_, i) => data.update_ids[i] < storedId).map(fromBytea);
  const doc = docOf(fromBytea(data.ydoc), earlier);
  try {
    if (doc.getXmlFragment("default").length === 0) return null;
    return await keepVersion(noteId, userId, Y.encodeStateAsUpdate(doc), "session", { device });
  } finally {
    doc.destroy();
  }
}
