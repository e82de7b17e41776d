import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { byteaHex, startNotesWorld, type NotesWorld } from "./notes-support";

let w: NotesWorld;
beforeAll(async () => {
  w = await startNotesWorld();
});
afterAll(() => w?.t.stop());

async function newNote(title = "Groceries", body = "oat milk"): Promise<string> {
  const { data, error } = await w.owner.from("notes").insert({ title, body }).select("id").single();
  expect(error).toBeNull();
  return data!.id;
}

async function textOf(id: string) {
  const { data } = await w.service
    .from("notes")
    .select("title, body, text_version, text_updates")
    .eq("id", id)
    .single();
  return data;
}

const write = (id: string, title: string, from_version: number, from_updates: number) =>
  w.service.rpc("write_note_text", { note_id: id, title, body: "", from_version, from_updates });

describe("the text written from a note's stored document", () => {
  it("a derivation from an older stored state never overwrites one from a newer state", async () => {
    const id = await newNote();
    expect((await write(id, "from two updates", 0, 2)).data).toBe(true);
    // Finishing later does not make it newer: one update on the same version is an older state.
    expect((await write(id, "from one update", 0, 1)).data).toBe(false);
    expect((await write(id, "the same state again", 0, 2)).data).toBe(false);
    expect(await textOf(id)).toEqual({
      title: "from two updates",
      body: "",
      text_version: 0,
      text_updates: 2,
    });
    // A compaction makes a newer state, whatever number of updates are left on it.
    expect((await write(id, "after compaction", 1, 0)).data).toBe(true);
    expect((await write(id, "before compaction", 0, 9)).data).toBe(false);
    expect((await textOf(id))?.title).toBe("after compaction");
  });

  it("reads a note's stored state in one answer, for its owner only", async () => {
    const id = await newNote();
    for (const byte of [1, 2]) {
      const res = await w.owner
        .from("note_updates")
        .insert({ note_id: id, data: byteaHex(new Uint8Array([byte])) });
      expect(res.error).toBeNull();
    }
    const own = await w.owner.rpc("note_state", { note_id: id }).single();
    expect(own.error).toBeNull();
    expect(own.data).toMatchObject({
      ydoc: null,
      ydoc_version: 0,
      text_version: 0,
      text_updates: 0,
      updates: ["\\x01", "\\x02"],
    });
    expect(own.data!.update_ids).toHaveLength(2);
    expect((await w.other.rpc("note_state", { note_id: id })).data).toEqual([]);
    expect((await w.anon.rpc("note_state", { note_id: id })).status).toBe(401);
  });
});

describe("no client writes a note's title or body directly: owner, another person, anon, service role", () => {
  it("the owner's own update of the title, the body or the derived-from mark is refused", async () => {
    const id = await newNote();
    for (const change of [
      { title: "typed in by a device" },
      { body: "an older text" },
      { text_version: 99 },
      { text_updates: 99 },
    ]) {
      const res = await w.owner.from("notes").update(change).eq("id", id);
      expect(res.status, JSON.stringify(change)).toBe(403);
      expect(res.error?.code).toBe("42501");
    }
    expect(await textOf(id)).toMatchObject({ title: "Groceries", body: "oat milk" });
    // Whatever else is the owner's to change still is.
    const pinned = await w.owner
      .from("notes")
      .update({ pinned: true })
      .eq("id", id)
      .select("pinned");
    expect(pinned.data).toEqual([{ pinned: true }]);
  });

  it("the owner cannot write the text through the server's function or claim a derived-from mark", async () => {
    const id = await newNote();
    const viaFunction = await w.owner.rpc("write_note_text", {
      note_id: id,
      title: "forged",
      body: "",
      from_version: 99,
      from_updates: 0,
    });
    expect(viaFunction.status).toBe(403);
    const marked = await w.owner.from("notes").insert({ title: "x", text_version: 5 });
    expect(marked.status).toBe(403);
    // The old compaction that took the text from the device is gone.
    const oldCompaction = await w.owner.rpc("compact_note", {
      note_id: id,
      ydoc: byteaHex(new Uint8Array([1])),
      base_version: 0,
      merged_ids: [],
      title: "stale",
      body: "",
    } as never);
    expect(oldCompaction.status).toBe(404);
    expect(await textOf(id)).toMatchObject({ title: "Groceries", text_version: 0 });
  });

  it("another person changes nothing and anon is refused", async () => {
    const id = await newNote();
    const byOther = await w.other
      .from("notes")
      .update({ title: "not theirs" })
      .eq("id", id)
      .select("id");
    expect(byOther.data).toEqual([]);
    expect((await w.anon.from("notes").update({ title: "anon" }).eq("id", id)).status).toBe(401);
    expect(
      (
        await w.anon.rpc("write_note_text", {
          note_id: id,
          title: "anon",
          body: "",
          from_version: 9,
          from_updates: 0,
        })
      ).status,
    ).toBe(401);
    expect((await textOf(id))?.title).toBe("Groceries");
  });

  it("the service role still writes the text (the server derives it)", async () => {
    const id = await newNote();
    const res = await w.service
      .from("notes")
      .update({ title: "Fixed by the server" })
      .eq("id", id)
      .select("title");
    expect(res.data).toEqual([{ title: "Fixed by the server" }]);
  });

  it("devices cannot delete stored updates: only compaction folds them away", async () => {
    const id = await newNote();
    const row = await w.owner
      .from("note_updates")
      .insert({ note_id: id, data: byteaHex(new Uint8Array([3])) })
      .select("id")
      .single();
    const del = await w.owner.from("note_updates").delete().eq("id", row.data!.id);
    expect(del.status).toBe(403);
    const left = await w.owner.from("note_updates").select("id").eq("note_id", id);
    expect(left.data).toEqual([{ id: row.data!.id }]);
  });
});
