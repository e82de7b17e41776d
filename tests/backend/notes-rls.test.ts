import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { byteaHex, startNotesWorld, type NotesWorld } from "./notes-support";

let w: NotesWorld;
let noteId: string;
beforeAll(async () => {
  w = await startNotesWorld();
  const { data, error } = await w.owner
    .from("notes")
    .insert({ title: "Groceries", body: "oat milk" })
    .select("id, owner_id")
    .single();
  expect(error).toBeNull();
  expect(data?.owner_id).toBe(w.ownerId);
  noteId = data!.id;
});
afterAll(() => w?.t.stop());

async function titleOf(id: string): Promise<string | null> {
  const { data } = await w.service.from("notes").select("title").eq("id", id).maybeSingle();
  return data?.title ?? null;
}

describe("notes over REST: owner, another person, anon, service role", () => {
  it("select: only the owner and the service role see the note", async () => {
    expect((await w.owner.from("notes").select("id")).data).toEqual([{ id: noteId }]);
    expect((await w.other.from("notes").select("id")).data).toEqual([]);
    expect((await w.service.from("notes").select("id").eq("id", noteId)).data).toEqual([
      { id: noteId },
    ]);
    const anon = await w.anon.from("notes").select("id");
    expect(anon.status).toBe(401);
    expect(anon.data).toBeNull();
  });

  it("insert: another person cannot create a note for the owner; anon cannot create any", async () => {
    const forged = await w.other.from("notes").insert({ title: "x", owner_id: w.ownerId });
    expect(forged.status).toBe(403);
    const anon = await w.anon.from("notes").insert({ title: "x" });
    expect(anon.status).toBe(401);
    const service = await w.service
      .from("notes")
      .insert({ title: "made by service", owner_id: w.otherId })
      .select("owner_id")
      .single();
    expect(service.data).toEqual({ owner_id: w.otherId });
  });

  it("update: only the owner changes the note, and cannot give it away", async () => {
    const byOther = await w.other
      .from("notes")
      .update({ title: "mine now" })
      .eq("id", noteId)
      .select();
    expect(byOther.data).toEqual([]);
    const byAnon = await w.anon.from("notes").update({ title: "anon" }).eq("id", noteId);
    expect(byAnon.status).toBe(401);
    expect(await titleOf(noteId)).toBe("Groceries");
    const giveAway = await w.owner.from("notes").update({ owner_id: w.otherId }).eq("id", noteId);
    expect(giveAway.status).toBe(403);
    const own = await w.owner
      .from("notes")
      .update({ pinned: true })
      .eq("id", noteId)
      .select("pinned");
    expect(own.data).toEqual([{ pinned: true }]);
  });

  it("delete: another person and anon remove nothing; the owner removes it", async () => {
    const extra = await w.owner.from("notes").insert({ title: "temp" }).select("id").single();
    const id = extra.data!.id;
    expect((await w.other.from("notes").delete().eq("id", id).select()).data).toEqual([]);
    expect((await w.anon.from("notes").delete().eq("id", id)).status).toBe(401);
    expect(await titleOf(id)).toBe("temp");
    expect((await w.owner.from("notes").delete().eq("id", id).select("id")).data).toEqual([{ id }]);
    expect(await titleOf(id)).toBeNull();
  });
});

describe("note_updates: append-only, owner only", () => {
  it("the owner appends and reads; another person and anon neither read nor append", async () => {
    const data = byteaHex(new Uint8Array([1, 2, 3]));
    const own = await w.owner
      .from("note_updates")
      .insert({ note_id: noteId, data })
      .select("id, data")
      .single();
    expect(own.error).toBeNull();
    expect(own.data?.data).toBe("\\x010203");
    const forged = await w.other.from("note_updates").insert({ note_id: noteId, data });
    expect(forged.status).toBe(403);
    const forgedOwner = await w.other
      .from("note_updates")
      .insert({ note_id: noteId, data, owner_id: w.ownerId });
    expect(forgedOwner.status).toBe(403);
    expect((await w.anon.from("note_updates").insert({ note_id: noteId, data })).status).toBe(401);
    expect((await w.other.from("note_updates").select("id")).data).toEqual([]);
    expect((await w.anon.from("note_updates").select("id")).status).toBe(401);
    expect((await w.owner.from("note_updates").select("id")).data).toEqual([{ id: own.data!.id }]);
  });

  it("no one rewrites an update in place", async () => {
    const res = await w.owner
      .from("note_updates")
      .update({ data: byteaHex(new Uint8Array([9])) })
      .eq("note_id", noteId);
    expect(res.status).toBe(403);
  });

  it("compact_note merges into the note and removes exactly the merged updates", async () => {
    const rows = await w.owner.from("note_updates").select("id").eq("note_id", noteId);
    const merged = rows.data!.map((r) => r.id);
    const later = await w.owner
      .from("note_updates")
      .insert({ note_id: noteId, data: byteaHex(new Uint8Array([4])) })
      .select("id")
      .single();
    const args = {
      note_id: noteId,
      ydoc: byteaHex(new Uint8Array([7])),
      base_version: 0,
      merged_ids: [...merged, later.data!.id],
    };
    const byOther = await w.other.rpc("compact_note", args);
    expect(byOther.status).toBe(404);
    expect(byOther.error?.message).toBe("Note not found.");
    expect((await w.anon.rpc("compact_note", args)).status).toBe(401);
    const done = await w.owner.rpc("compact_note", {
      note_id: noteId,
      ydoc: byteaHex(new Uint8Array([5, 6])),
      base_version: 0,
      merged_ids: merged,
    });
    expect(done.error).toBeNull();
    // The text is not the device's to write: it stays as it was until the server derives it.
    expect(done.data).toMatchObject({ ydoc: "\\x0506", ydoc_version: 1, body: "oat milk" });
    const left = await w.owner.from("note_updates").select("id").eq("note_id", noteId);
    expect(left.data).toEqual([{ id: later.data!.id }]);
  });

  it("a compaction built on an older state is refused and removes nothing", async () => {
    const stale = await w.owner.rpc("compact_note", {
      note_id: noteId,
      ydoc: byteaHex(new Uint8Array([1])),
      base_version: 0,
      merged_ids: [],
    });
    expect(stale.status).toBe(409);
    expect(stale.error?.message).toMatch(/merged on another device/);
    const note = await w.owner.from("notes").select("ydoc, title").eq("id", noteId).single();
    expect(note.data).toEqual({ ydoc: "\\x0506", title: "Groceries" });
    expect(
      (await w.owner.from("note_updates").select("id").eq("note_id", noteId)).data,
    ).toHaveLength(1);
  });
});
