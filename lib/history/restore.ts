import "server-only";

import type { SupabaseClient } from "@supabase/supabase-js";
import * as Y from "yjs";

import { broadcastStoredUpdate } from "@/lib/history/broadcast";
import { docOf, keepVersion } from "@/lib/history/keep";
import { fromBytea } from "@/lib/notes/bytea";
import { storeNoteUpdate } from "@/lib/notes/store-update";
import type { Database } from "@/lib/supabase/database.types";

type Client = SupabaseClient<Database>;

export type RestoreOutcome =
  | { ok: true; beforeRestoreId: number; restoreId: number }
  | { ok: false; status: 403 | 404 | 413 | 503; message: string };

const NO_VERSION = "That version doesn't exist.";

/** Same content: the same element or text, attributes and marks included. */
const same = (a: Y.XmlElement | Y.XmlText, b: Y.XmlElement | Y.XmlText) =>
  a.constructor === b.constructor && a.toString() === b.toString();

/**
 * Edits `doc` so its content reads as `target`'s, as ordinary Yjs edits: the blocks both share at
 * the start and at the end are left as they are (so an edit made meanwhile in one of them, on
 * another device, is kept), and the blocks between are replaced by copies of the target's.
 */
export function replaceContent(doc: Y.Doc, target: Y.Doc): void {
  const into = doc.getXmlFragment("default");
  const from = target.getXmlFragment("default");
  const a = into.toArray() as (Y.XmlElement | Y.XmlText)[];
  const b = from.toArray() as (Y.XmlElement | Y.XmlText)[];
  let start = 0;
  while (start < a.length && start < b.length && same(a[start], b[start])) start++;
  let end = 0;
  while (
    end < a.length - start &&
    end < b.length - start &&
    same(a[a.length - 1 - end], b[b.length - 1 - end])
  )
    end++;
  doc.transact(() => {
    if (a.length - start - end > 0) into.delete(start, a.length - start - end);
    const copies = b.slice(start, b.length - end).map((node) => node.clone());
    if (copies.length > 0) into.insert(start, copies);
  });
}

async function readVersion(supabase: Client, noteId: string, versionId: number) {
  const { data, error } = await supabase
    .from("note_versions")
    .select("state, created_at")
    .eq("id", versionId)
    .eq("note_id", noteId)
    .maybeSingle();
  if (error) throw new Error(`reading the version: ${error.message}`);
  return data;
}

/**
 * Restores a version of a note: the state now is kept first (kind before_restore, what "Undo
 * restore" brings back), then the note is edited into the version's content by one update stored
 * as a device's edit is, so every open device follows live and an edit made meanwhile is kept.
 */
export async function restoreVersion(
  supabase: Client,
  userId: string,
  noteId: string,
  versionId: number,
): Promise<RestoreOutcome> {
  const version = await readVersion(supabase, noteId, versionId);
  if (!version) return { ok: false, status: 404, message: NO_VERSION };
  const { data, error } = await supabase.rpc("note_state", { note_id: noteId }).maybeSingle();
  if (error) throw new Error(`reading the note's state: ${error.message}`);
  if (!data) return { ok: false, status: 404, message: NO_VERSION };
  const doc = docOf(fromBytea(data.ydoc), data.updates.map(fromBytea));
  const target = docOf(fromBytea(version.state), []);
  try {
    const beforeRestoreId = await keepVersion(
      noteId,
      userId,
      Y.encodeStateAsUpdate(doc),
      "before_restore",
      { summary: "Before a restore" },
    );
    const known = Y.encodeStateVector(doc);
    replaceContent(doc, target);
    const update = Y.encodeStateAsUpdate(doc, known);
    const stored = await storeNoteUpdate(supabase, userId, noteId, update, "restore");
    if (!stored.ok)
      return {
        ok: false,
        status: stored.status === 400 ? 503 : stored.status,
        message: stored.message,
      };
    await broadcastStoredUpdate(noteId, update);
    const when = new Date(version.created_at).toISOString().slice(0, 16).replace("T", " ");
    const restoreId = await keepVersion(noteId, userId, Y.encodeStateAsUpdate(doc), "restore", {
      summary: `Restored the version of ${when} UTC`,
    });
    return { ok: true, beforeRestoreId, restoreId };
  } finally {
    doc.destroy();
    target.destroy();
  }
}

export type CopyOutcome =
  { ok: true; noteId: string } | { ok: false; status: 403 | 404 | 413 | 503; message: string };

/** A new note of the caller's whose content is the version's. */
export async function copyVersionToNote(
  supabase: Client,
  userId: string,
  noteId: string,
  versionId: number,
): Promise<CopyOutcome> {
  const version = await readVersion(supabase, noteId, versionId);
  if (!version) return { ok: false, status: 404, message: NO_VERSION };
  const state = fromBytea(version.state);
  const created = await supabase.from("notes").insert({}).select("id").single();
  if (created.error) throw new Error(`creating the note: ${created.error.message}`);
  const stored = await storeNoteUpdate(supabase, userId, created.data.id, state, "copy version");
  if (!stored.ok) {
    await supabase.from("notes").delete().eq("id", created.data.id);
    return {
      ok: false,
      status: stored.status === 400 ? 503 : stored.status,
      message: stored.message,
    };
  }
  return { ok: true, noteId: created.data.id };
}
