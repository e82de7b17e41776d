import "server-only";

import type { SupabaseClient } from "@supabase/supabase-js";
import * as Y from "yjs";

import { ATTACHMENTS_BUCKET } from "@/lib/attachments/limits";
import { isAttachmentPath, noteFolder } from "@/lib/attachments/paths";
import {
  attachmentsOf,
  moveAttachmentPaths,
  putBackAttachment,
  takeOutAttachment,
} from "@/lib/history/attachments";
import { docOf, keepVersion, lastVersionState } from "@/lib/history/keep";
import { fromBytea } from "@/lib/notes/bytea";
import type { AttachmentAttrs } from "@/lib/notes/attachment-node";
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
  // Everything the restore reads, at once: a person waits for it on every open device.
  const [version, { data, error }, previous] = await Promise.all([
    readVersion(supabase, noteId, versionId),
    supabase.rpc("note_state", { note_id: noteId }).maybeSingle(),
    lastVersionState(noteId),
  ]);
  if (!version) return { ok: false, status: 404, message: NO_VERSION };
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
      { summary: "Before a restore", previous, recordEarlier: false },
    );
    const known = Y.encodeStateVector(doc);
    replaceContent(doc, target);
    const update = Y.encodeStateAsUpdate(doc, known);
    const stored = await storeNoteUpdate(supabase, userId, noteId, update, "restore", {
      broadcast: true,
    });
    if (!stored.ok)
      return {
        ok: false,
        status: stored.status === 400 ? 503 : stored.status,
        message: stored.message,
      };
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

/**
 * Copies the files `doc` holds into the folder of the note `copyId` (Storage's copy, as the caller,
 * so RLS decides) and points its nodes at the copies: the new note's files are its own, and stay
 * when the original note or its versions go. A file no longer kept is left as it was (it shows as
 * no longer available, as it would in the original).
 */
async function copyAttachments(supabase: Client, userId: string, copyId: string, doc: Y.Doc) {
  const moved = new Map<string, string>();
  for (const { path } of attachmentsOf(doc)) {
    if (!isAttachmentPath(path)) continue;
    const to = `${noteFolder(userId, copyId)}/${path.slice(path.lastIndexOf("/") + 1)}`;
    const { error } = await supabase.storage.from(ATTACHMENTS_BUCKET).copy(path, to);
    if (!error) moved.set(path, to);
  }
  moveAttachmentPaths(doc, moved);
}

/** A new note of the caller's whose content is the version's, with copies of its files. */
export async function copyVersionToNote(
  supabase: Client,
  userId: string,
  noteId: string,
  versionId: number,
): Promise<CopyOutcome> {
  const version = await readVersion(supabase, noteId, versionId);
  if (!version) return { ok: false, status: 404, message: NO_VERSION };
  const created = await supabase.from("notes").insert({}).select("id").single();
  if (created.error) throw new Error(`creating the note: ${created.error.message}`);
  const doc = docOf(fromBytea(version.state), []);
  let state: Uint8Array;
  try {
    await copyAttachments(supabase, userId, created.data.id, doc);
    state = Y.encodeStateAsUpdate(doc);
  } finally {
    doc.destroy();
  }
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

export type AttachmentOutcome =
  | { ok: true; attachment: AttachmentAttrs }
  | { ok: false; status: 400 | 403 | 404 | 409 | 410 | 413 | 503; message: string };

const NO_FILE = "That version has no such file.";
export const FILE_NOT_KEPT = "This file is no longer kept, so it can't be put back.";

/** Whether the file at `path` is still in Storage, as the caller sees it (RLS: its owner). */
export async function fileKept(supabase: Client, path: string): Promise<boolean> {
  const cut = path.lastIndexOf("/");
  const name = path.slice(cut + 1);
  const { data, error } = await supabase.storage
    .from(ATTACHMENTS_BUCKET)
    .list(path.slice(0, cut), { search: name, limit: 100 });
  if (error) throw new Error(`looking for the file: ${error.message}`);
  return data.some((f) => f.id !== null && f.name === name);
}

/** Stores an edit the server made of a note and sends it to the devices that have it open. */
const storeAndSend = (
  supabase: Client,
  userId: string,
  noteId: string,
  doc: Y.Doc,
  known: Uint8Array,
  path: string,
) =>
  storeNoteUpdate(supabase, userId, noteId, Y.encodeStateAsUpdate(doc, known), path, {
    broadcast: true,
  });

/**
 * Puts one attachment of a version back into the note, as one update stored like a device's (so
 * every open device follows live and keeps what was typed meanwhile), near the blocks it sat
 * between. Only a file still in Storage, in the folder of the note's owner, is put back: a node
 * naming a file that is gone would show as broken.
 */
export async function restoreAttachment(
  supabase: Client,
  userId: string,
  noteId: string,
  versionId: number,
  path: string,
): Promise<AttachmentOutcome> {
  const version = await readVersion(supabase, noteId, versionId);
  if (!version) return { ok: false, status: 404, message: NO_VERSION };
  const note = await supabase.from("notes").select("owner_id").eq("id", noteId).maybeSingle();
  if (note.error) throw new Error(`reading the note: ${note.error.message}`);
  if (!note.data) return { ok: false, status: 404, message: NO_VERSION };
  const target = docOf(fromBytea(version.state), []);
  let doc: Y.Doc | null = null;
  try {
    if (!attachmentsOf(target).some((a) => a.path === path))
      return { ok: false, status: 404, message: NO_FILE };
    if (!isAttachmentPath(path) || !path.startsWith(`${note.data.owner_id}/`))
      return {
        ok: false,
        status: 403,
        message: "That file isn't one of the note owner's files, so it can't be put back.",
      };
    if (!(await fileKept(supabase, path)))
      return { ok: false, status: 410, message: FILE_NOT_KEPT };
    const { data, error } = await supabase.rpc("note_state", { note_id: noteId }).maybeSingle();
    if (error) throw new Error(`reading the note's state: ${error.message}`);
    if (!data) return { ok: false, status: 404, message: NO_VERSION };
    doc = docOf(fromBytea(data.ydoc), data.updates.map(fromBytea));
    if (attachmentsOf(doc).some((a) => a.path === path))
      return { ok: false, status: 409, message: "That file is already in the note." };
    const known = Y.encodeStateVector(doc);
    const attachment = putBackAttachment(doc, target, path);
    if (!attachment) return { ok: false, status: 404, message: NO_FILE };
    const stored = await storeAndSend(supabase, userId, noteId, doc, known, "restore attachment");
    if (!stored.ok)
      return {
        ok: false,
        status: stored.status === 400 ? 503 : stored.status,
        message: stored.message,
      };
    return { ok: true, attachment };
  } finally {
    target.destroy();
    doc?.destroy();
  }
}

/** Undoes putting an attachment back: takes its node out of the note again (the file stays). */
export async function takeOutRestoredAttachment(
  supabase: Client,
  userId: string,
  noteId: string,
  path: string,
): Promise<{ ok: true } | { ok: false; status: 403 | 404 | 413 | 503; message: string }> {
  const { data, error } = await supabase.rpc("note_state", { note_id: noteId }).maybeSingle();
  if (error) throw new Error(`reading the note's state: ${error.message}`);
  if (!data) return { ok: false, status: 404, message: "That note doesn't exist." };
  const doc = docOf(fromBytea(data.ydoc), data.updates.map(fromBytea));
  try {
    const known = Y.encodeStateVector(doc);
    if (!takeOutAttachment(doc, path)) return { ok: true };
    const stored = await storeAndSend(
      supabase,
      userId,
      noteId,
      doc,
      known,
      "undo restore attachment",
    );
    if (!stored.ok)
      return {
        ok: false,
        status: stored.status === 400 ? 503 : stored.status,
        message: stored.message,
      };
    return { ok: true };
  } finally {
    doc.destroy();
  }
}
