import { getSchema } from "@tiptap/core";
import { prosemirrorJSONToYDoc } from "@tiptap/y-tiptap";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";

import { sweepNoteFiles } from "@/lib/attachments/sweep";
import { editorExtensions } from "@/lib/notes/editor-extensions";
import { byteaHex, type NotesClient, type NotesWorld } from "./notes-support";
import { newNote, saveDoc, startTagsWorld } from "./tags-support";

// A file removed from a note stays while a version of the note holds it, can be put back from
// History, and goes once no kept version holds it.
let w: NotesWorld;
beforeAll(async () => {
  w = await startTagsWorld();
});
afterAll(() => w?.t.stop());

const schema = getSchema(editorExtensions(new Y.Doc()));
type Block = { type: string; content?: unknown[]; attrs?: Record<string, unknown> };
const p = (text: string): Block => ({ type: "paragraph", content: [{ type: "text", text }] });
const file = (path: string, name: string): Block => ({
  type: "attachment",
  attrs: { path, name, type: "application/pdf", size: 15 },
});
const docOf = (...blocks: Block[]) =>
  prosemirrorJSONToYDoc(schema, { type: "doc", content: blocks }, "default");

const files = (c: NotesClient) => c.storage.from("attachments");
const pdf = () => new Blob(["%PDF-1.4 report"], { type: "application/pdf" });
const LATER = () => Date.now() + 5 * 60_000;

async function storedNames(noteId: string) {
  const { data } = await files(w.owner).list(`${w.ownerId}/${noteId}`);
  return (data ?? []).map((f) => f.name);
}

const bodyOf = async (id: string) =>
  (await w.owner.from("notes").select("body").eq("id", id).single()).data?.body ?? "";

/** Makes the note's last edit look six minutes old to the server (a pause ends the session). */
async function pause(id: string) {
  const at = new Date(Date.now() - 6 * 60_000).toISOString();
  const { error } = await w.service
    .from("note_history_marks")
    .update({ last_update_at: at })
    .eq("note_id", id);
  if (error) throw error;
}

/**
 * A note whose first session held report.pdf between "Plan" and "Day one"; after a pause the file
 * was removed (its node taken out), so the first session is kept as a version holding it.
 */
async function noteWithRemovedFile() {
  const id = await newNote(w.owner);
  const path = `${w.ownerId}/${id}/a1b2c3-report.pdf`;
  expect((await files(w.owner).upload(path, pdf())).error).toBeNull();
  const doc = docOf(p("Trip"), p("Plan"), file(path, "report.pdf"), p("Day one"));
  await saveDoc(w.owner, w.ownerId, id, doc);
  await pause(id);
  const { storeNoteUpdate } = await import("@/lib/notes/store-update");
  const known = Y.encodeStateVector(doc);
  doc.getXmlFragment("default").delete(2, 1);
  const out = await storeNoteUpdate(
    w.owner,
    w.ownerId,
    id,
    Y.encodeStateAsUpdate(doc, known),
    "test",
  );
  if (!out.ok) throw new Error(out.message);
  const versions = (await w.owner.rpc("note_history", { note_id: id })).data ?? [];
  expect(versions).toHaveLength(1);
  return { id, path, doc, versionId: versions[0].id };
}

describe("the sweep and history", () => {
  it("keeps a removed file while a version holds it, and removes it once none does", async () => {
    const { id, path, versionId } = await noteWithRemovedFile();
    expect((await w.owner.rpc("note_history_files", { note_id: id })).data).toEqual([path]);
    // Another person's view of the note's history holds nothing.
    expect((await w.other.rpc("note_history_files", { note_id: id })).data).toEqual([]);

    // The note no longer refers to it and it is past the grace period: history keeps it.
    expect(await sweepNoteFiles(w.owner, w.ownerId, id, new Set(), LATER())).toEqual([]);
    expect(await storedNames(id)).toEqual(["a1b2c3-report.pdf"]);

    // The version is thinned away (older than a year): the next sweep removes the file.
    const old = new Date(Date.now() - 400 * 86_400_000).toISOString();
    await w.service.from("note_versions").update({ created_at: old }).eq("id", versionId);
    expect((await w.service.rpc("thin_note_history", {})).error).toBeNull();
    expect(await sweepNoteFiles(w.owner, w.ownerId, id, new Set(), LATER())).toEqual([path]);
    expect(await storedNames(id)).toEqual([]);
  });

  it("removes nothing while a version's files are unknown, until a new version records them", async () => {
    const id = await newNote(w.owner);
    const path = `${w.ownerId}/${id}/d4e5f6-old.pdf`;
    expect((await files(w.owner).upload(path, pdf())).error).toBeNull();
    const legacy = await w.service.from("note_versions").insert({
      note_id: id,
      owner_id: w.ownerId,
      kind: "session",
      state: byteaHex(Y.encodeStateAsUpdate(docOf(p("Old"), file(path, "old.pdf")))),
    });
    expect(legacy.error).toBeNull();
    const stray = `${w.ownerId}/${id}/a0b0c0-stray.pdf`;
    expect((await files(w.owner).upload(stray, pdf())).error).toBeNull();
    expect((await w.owner.rpc("note_history_files", { note_id: id })).data).toBeNull();
    expect(await sweepNoteFiles(w.owner, w.ownerId, id, new Set(), LATER())).toEqual([]);
    expect(await storedNames(id)).toEqual(["a0b0c0-stray.pdf", "d4e5f6-old.pdf"]);

    // The next version kept records the earlier one's files: the sweep runs again, and keeps
    // what that version holds.
    const { keepVersion } = await import("@/lib/history/keep");
    await keepVersion(id, w.ownerId, Y.encodeStateAsUpdate(docOf(p("New"))), "session");
    expect((await w.owner.rpc("note_history_files", { note_id: id })).data).toEqual([path]);
    expect(await sweepNoteFiles(w.owner, w.ownerId, id, new Set(), LATER())).toEqual([stray]);
    expect(await storedNames(id)).toEqual(["d4e5f6-old.pdf"]);
  });
});

describe("putting one file of a version back", () => {
  it("puts it back where it was as an edit every device follows, refuses twice, and undoes", async () => {
    const { id, path, doc, versionId } = await noteWithRemovedFile();
    const { restoreAttachment, takeOutRestoredAttachment } = await import("@/lib/history/restore");
    const before = (await w.owner.rpc("note_state", { note_id: id }).single()).data!.update_ids
      .length;

    const out = await restoreAttachment(w.owner, w.ownerId, id, versionId, path);
    expect(out).toMatchObject({ ok: true, attachment: { path, name: "report.pdf" } });
    expect(await bodyOf(id)).toBe(`Plan\n\n[report.pdf](attachment:${path})\n\nDay one`);

    // A device with the note open receives it as one stored update, as any edit.
    const state = (await w.owner.rpc("note_state", { note_id: id }).single()).data!;
    expect(state.update_ids.length).toBe(before + 1);
    const { fromBytea } = await import("@/lib/notes/bytea");
    for (const update of state.updates.slice(before)) Y.applyUpdate(doc, fromBytea(update));
    expect((doc.getXmlFragment("default").get(2) as Y.XmlElement).getAttribute("path")).toBe(path);

    expect(await restoreAttachment(w.owner, w.ownerId, id, versionId, path)).toEqual({
      ok: false,
      status: 409,
      message: "That file is already in the note.",
    });

    expect(await takeOutRestoredAttachment(w.owner, w.ownerId, id, path)).toEqual({ ok: true });
    expect(await bodyOf(id)).toBe("Plan\n\nDay one");
    expect(await storedNames(id)).toEqual(["a1b2c3-report.pdf"]);
  });

  it("refuses, in words, a file that is gone, one outside the owner's folder, and anyone else", async () => {
    const { id, path, versionId } = await noteWithRemovedFile();
    const { restoreAttachment } = await import("@/lib/history/restore");

    // Someone else: the version does not exist for them.
    expect(await restoreAttachment(w.other, w.otherId, id, versionId, path)).toEqual({
      ok: false,
      status: 404,
      message: "That version doesn't exist.",
    });
    // A file the version never held.
    expect(
      await restoreAttachment(w.owner, w.ownerId, id, versionId, `${w.ownerId}/${id}/x-other.pdf`),
    ).toEqual({ ok: false, status: 404, message: "That version has no such file." });

    // A version naming a file in another person's folder puts nothing back.
    const theirs = `${w.otherId}/${await newNote(w.other)}/e7f8a9-theirs.pdf`;
    const forged = await w.service
      .from("note_versions")
      .insert({
        note_id: id,
        owner_id: w.ownerId,
        kind: "session",
        state: byteaHex(Y.encodeStateAsUpdate(docOf(p("Trip"), file(theirs, "theirs.pdf")))),
        attachment_paths: [theirs],
      })
      .select("id")
      .single();
    expect(forged.error).toBeNull();
    expect(await restoreAttachment(w.owner, w.ownerId, id, forged.data!.id, theirs)).toEqual({
      ok: false,
      status: 403,
      message: "That file isn't one of the note owner's files, so it can't be put back.",
    });

    // Once the file is no longer in Storage, nothing is put back: no broken attachment.
    expect((await files(w.owner).remove([path])).error).toBeNull();
    expect(await restoreAttachment(w.owner, w.ownerId, id, versionId, path)).toEqual({
      ok: false,
      status: 410,
      message: "This file is no longer kept, so it can't be put back.",
    });
    expect(await bodyOf(id)).toBe("Plan\n\nDay one");
  });
});

describe("copying a version to a new note", () => {
  it("gives the copy its own files, which stay when the original note's are gone", async () => {
    const { id, path, versionId } = await noteWithRemovedFile();
    const { copyVersionToNote } = await import("@/lib/history/restore");
    const copy = await copyVersionToNote(w.owner, w.ownerId, id, versionId);
    if (!copy.ok) throw new Error(copy.message);
    const own = `${w.ownerId}/${copy.noteId}/a1b2c3-report.pdf`;
    expect(await bodyOf(copy.noteId)).toBe(`Plan\n\n[report.pdf](attachment:${own})\n\nDay one`);
    expect(await storedNames(copy.noteId)).toEqual(["a1b2c3-report.pdf"]);

    // The original's file goes: the copy's still downloads, byte for byte.
    expect((await files(w.owner).remove([path])).error).toBeNull();
    const { data, error } = await files(w.owner).download(own);
    expect(error).toBeNull();
    expect(await data!.text()).toBe("%PDF-1.4 report");

    // Someone else cannot copy it (nor so reach its files).
    expect(await copyVersionToNote(w.other, w.otherId, id, versionId)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await storedNames(copy.noteId)).toEqual(["a1b2c3-report.pdf"]);
  });
});
