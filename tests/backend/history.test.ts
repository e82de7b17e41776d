import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";

import { fromBytea } from "@/lib/notes/bytea";
import { byteaHex, type NotesWorld } from "./notes-support";
import { newNote, noteDoc, saveDoc, startTagsWorld, text } from "./tags-support";

let w: NotesWorld;
beforeAll(async () => {
  w = await startTagsWorld();
});
afterAll(() => w?.t.stop());

const titleOf = async (id: string) =>
  (await w.owner.from("notes").select("title").eq("id", id).single()).data?.title;

/** Makes the note's last edit look `minutes` old to the server (the test's stand-in for a pause). */
async function pause(id: string, minutes: number) {
  const at = new Date(Date.now() - minutes * 60_000).toISOString();
  const { error } = await w.service
    .from("note_history_marks")
    .update({ last_update_at: at })
    .eq("note_id", id);
  if (error) throw error;
}

const versions = async (id: string, client = w.owner) =>
  (await client.rpc("note_history", { note_id: id })).data ?? [];

/** A document with the one paragraph's text replaced, as a device edits it. */
function retype(doc: Y.Doc, value: string) {
  const line = (doc.getXmlFragment("default").get(0) as Y.XmlElement).get(0) as Y.XmlText;
  const before = Y.encodeStateVector(doc);
  doc.transact(() => {
    line.delete(0, line.length);
    line.insert(0, value);
  });
  return Y.encodeStateAsUpdate(doc, before);
}

async function store(id: string, update: Uint8Array) {
  const { storeNoteUpdate } = await import("@/lib/notes/store-update");
  const out = await storeNoteUpdate(w.owner, w.ownerId, id, update, "test", {
    device: "Firefox on Linux",
  });
  if (!out.ok) throw new Error(out.message);
}

/** A note edited in two sessions: "First words" then, after a pause, "Second words here". */
async function twoSessions() {
  const id = await newNote(w.owner);
  const doc = noteDoc([text("First words")]);
  await saveDoc(w.owner, w.ownerId, id, doc);
  await pause(id, 6);
  await store(id, retype(doc, "Second words here"));
  return { id, doc };
}

describe("versions are kept by the server when a session ends", () => {
  it("an edit after a pause keeps the state before it; edits without a pause keep none", async () => {
    const id = await newNote(w.owner);
    const doc = noteDoc([text("First words")]);
    await saveDoc(w.owner, w.ownerId, id, doc);
    await store(id, retype(doc, "First words again"));
    expect(await versions(id)).toEqual([]);

    await pause(id, 6);
    await store(id, retype(doc, "Second words here"));
    const list = await versions(id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      kind: "session",
      device: "Firefox on Linux",
      words_added: 3,
      words_removed: 0,
      summary: "Added “First words again”",
    });
    const { data } = await w.owner
      .from("note_versions")
      .select("state")
      .eq("id", list[0].id)
      .single();
    const { stateMarkdown } = await import("@/lib/history/keep");
    expect(stateMarkdown(fromBytea(data!.state))).toBe("First words again");

    // Typing on without a pause keeps no more until ten minutes have passed since the version.
    await store(id, retype(doc, "Second words here and more"));
    expect(await versions(id)).toHaveLength(1);
    await w.service
      .from("note_history_marks")
      .update({ last_version_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .eq("note_id", id);
    await store(id, retype(doc, "Third"));
    expect((await versions(id)).map((v) => v.kind)).toEqual(["session", "session"]);
  });
});

describe("who reads a note's history", () => {
  it("only its owner; another person, anon and a share-page reader see nothing and nobody writes", async () => {
    const { id } = await twoSessions();
    const slug = (await w.owner.rpc("share_note", { note_id: id })).data!;
    expect((await w.anon.rpc("shared_note", { slug })).data).toHaveLength(1);

    expect(await versions(id)).toHaveLength(1);
    expect((await w.owner.from("note_versions").select("id").eq("note_id", id)).data).toHaveLength(
      1,
    );
    for (const client of [w.other, w.anon]) {
      expect(await versions(id, client)).toEqual([]);
      const read = await client.from("note_versions").select("id").eq("note_id", id);
      expect(read.data ?? []).toEqual([]);
    }
    expect(
      (await w.service.from("note_versions").select("id").eq("note_id", id)).data,
    ).toHaveLength(1);

    const row = {
      note_id: id,
      owner_id: w.ownerId,
      kind: "session",
      state: byteaHex(new Uint8Array([0, 0])),
    };
    for (const client of [w.owner, w.other, w.anon]) {
      const inserted = await client.from("note_versions").insert(row);
      expect(inserted.error?.code).toBe("42501");
      const updated = await client
        .from("note_versions")
        .update({ summary: "x" })
        .eq("note_id", id)
        .select();
      expect(updated.data ?? []).toEqual([]);
      await client.from("note_versions").delete().eq("note_id", id);
      expect((await client.from("note_history_marks").select("note_id")).error?.code).toBe("42501");
    }
    expect(await versions(id)).toHaveLength(1);
    expect((await w.owner.rpc("note_history_touch", { note_id: id })).error?.code).toBe("42501");
    expect((await w.owner.rpc("thin_note_history", {})).error?.code).toBe("42501");
  });

  it("the timeline pages newest first, and the data page's usage counts the owner's only", async () => {
    const id = await newNote(w.owner);
    const rows = [1, 2, 3].map((n) => ({
      note_id: id,
      owner_id: w.ownerId,
      kind: "session",
      state: byteaHex(new Uint8Array([n, 0])),
      created_at: new Date(Date.now() - n * 60_000).toISOString(),
    }));
    expect((await w.service.from("note_versions").insert(rows)).error).toBeNull();
    const first = (await w.owner.rpc("note_history", { note_id: id, page_size: 2 })).data!;
    expect(first).toHaveLength(2);
    const last = first[1];
    const rest = (
      await w.owner.rpc("note_history", {
        note_id: id,
        before_at: last.created_at,
        before_id: last.id,
        page_size: 2,
      })
    ).data!;
    expect(rest).toHaveLength(1);
    expect([...first, ...rest].map((v) => v.size)).toEqual([2, 2, 2]);
    const mine = (await w.owner.rpc("history_usage").single()).data!;
    expect(mine.versions).toBeGreaterThanOrEqual(3);
    expect((await w.other.rpc("history_usage").single()).data).toEqual({ versions: 0, bytes: 0 });
  });
});

describe("retention", () => {
  it("keeps every version of 30 days, the newest of each older day for a year, then none", async () => {
    const id = await newNote(w.owner);
    const day = (daysAgo: number, hour: number) => {
      const d = new Date(Date.now() - daysAgo * 86_400_000);
      d.setUTCHours(hour, 0, 0, 0);
      return d.toISOString();
    };
    const at = [
      day(10, 9),
      day(10, 10),
      day(40, 9),
      day(40, 10),
      day(40, 11),
      day(41, 12),
      day(400, 9),
    ];
    const inserted = await w.service
      .from("note_versions")
      .insert(
        at.map((created_at, i) => ({
          note_id: id,
          owner_id: w.ownerId,
          kind: "session",
          state: byteaHex(new Uint8Array([i + 1, 0])),
          created_at,
        })),
      )
      .select("id, created_at");
    expect(inserted.error).toBeNull();
    const kept = async () =>
      ((await w.service.from("note_versions").select("created_at").eq("note_id", id)).data ?? [])
        .map((r) => new Date(r.created_at).toISOString())
        .sort();

    const removed = await w.service.rpc("thin_note_history", {});
    expect(removed.error).toBeNull();
    expect(await kept()).toEqual([day(41, 12), day(40, 11), day(10, 9), day(10, 10)].sort());

    // Configurable: keeping every version for five days only thins the tenth day too.
    await w.service.rpc("thin_note_history", { keep_all_days: 5 });
    expect(await kept()).toEqual([day(41, 12), day(40, 11), day(10, 10)].sort());
  });
});

describe("restore and copy", () => {
  it("restoring stores an update every device follows, keeps the state before, and undoes", async () => {
    const { id, doc } = await twoSessions();
    const [first] = await versions(id);
    const { restoreVersion, copyVersionToNote } = await import("@/lib/history/restore");

    // Another device has the note open as it is now.
    const phone = new Y.Doc();
    Y.applyUpdate(phone, Y.encodeStateAsUpdate(doc));
    const updatesBefore = (await w.owner.rpc("note_state", { note_id: id }).single()).data!
      .update_ids.length;

    const restored = await restoreVersion(w.owner, w.ownerId, id, first.id);
    expect(restored.ok).toBe(true);
    if (!restored.ok) return;
    expect(await titleOf(id)).toBe("First words");
    const state = (await w.owner.rpc("note_state", { note_id: id }).single()).data!;
    expect(state.update_ids.length).toBe(updatesBefore + 1);
    const timeline = await versions(id);
    expect(timeline.slice(0, 2).map((v) => v.kind)).toEqual(["restore", "before_restore"]);
    expect(timeline[1].id).toBe(restored.beforeRestoreId);

    // The phone receives the restore as any edit, and what it types after it is kept.
    for (const update of state.updates.slice(updatesBefore))
      Y.applyUpdate(phone, fromBytea(update));
    const line = (phone.getXmlFragment("default").get(0) as Y.XmlElement).get(0) as Y.XmlText;
    expect(line.toString()).toBe("First words");
    const sv = Y.encodeStateVector(phone);
    line.insert(line.length, " typed after");
    await store(id, Y.encodeStateAsUpdate(phone, sv));
    expect(await titleOf(id)).toBe("First words typed after");

    // Undo restore: the version kept before it comes back.
    const undone = await restoreVersion(w.owner, w.ownerId, id, restored.beforeRestoreId);
    expect(undone.ok).toBe(true);
    expect(await titleOf(id)).toBe("Second words here");

    const copy = await copyVersionToNote(w.owner, w.ownerId, id, first.id);
    expect(copy.ok).toBe(true);
    if (copy.ok) expect(await titleOf(copy.noteId)).toBe("First words");

    // Another person can neither restore nor copy it.
    expect(await restoreVersion(w.other, w.otherId, id, first.id)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await copyVersionToNote(w.other, w.otherId, id, first.id)).toMatchObject({
      ok: false,
      status: 404,
    });
  });

  it("Trash keeps a note's history; deleting forever removes it", async () => {
    const { id } = await twoSessions();
    await w.owner.from("notes").update({ deleted_at: new Date().toISOString() }).eq("id", id);
    expect(await versions(id)).toHaveLength(1);
    expect((await w.owner.from("notes").delete().eq("id", id).select("id")).data).toEqual([{ id }]);
    expect((await w.service.from("note_versions").select("id").eq("note_id", id)).data).toEqual([]);
  });
});
