import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNotesWorld, type NotesClient, type NotesWorld } from "./notes-support";

/** The top level: the generated types do not say that a function's argument may be null. */
const TOP = null as unknown as string;

let w: NotesWorld;
beforeAll(async () => {
  w = await startNotesWorld();
});
afterAll(() => w?.t.stop());

async function folder(client: NotesClient, name: string, parent_id: string | null = null) {
  const { data, error } = await client
    .from("folders")
    .insert({ name, parent_id })
    .select("id")
    .single();
  expect(error).toBeNull();
  return data!.id;
}

async function note(client: NotesClient, title: string, folder_id: string | null = null) {
  const { data, error } = await client
    .from("notes")
    .insert({ title, folder_id })
    .select("id")
    .single();
  expect(error).toBeNull();
  return data!.id;
}

async function folderOf(id: string) {
  const { data } = await w.service
    .from("notes")
    .select("folder_id, deleted_at")
    .eq("id", id)
    .maybeSingle();
  return data;
}

describe("folders over REST: owner, another person, anon, service role", () => {
  it("select: only the owner and the service role see a folder", async () => {
    const id = await folder(w.owner, "Recipes");
    expect((await w.owner.from("folders").select("id, name").eq("id", id)).data).toEqual([
      { id, name: "Recipes" },
    ]);
    expect((await w.other.from("folders").select("id").eq("id", id)).data).toEqual([]);
    expect((await w.service.from("folders").select("id").eq("id", id)).data).toEqual([{ id }]);
    const anon = await w.anon.from("folders").select("id");
    expect(anon.status).toBe(401);
  });

  it("insert: the owner is the caller; another person's owner is refused; anon cannot", async () => {
    const forged = await w.other.from("folders").insert({ name: "x", owner_id: w.ownerId });
    expect(forged.status).toBe(403);
    expect((await w.anon.from("folders").insert({ name: "x" })).status).toBe(401);
    const service = await w.service
      .from("folders")
      .insert({ name: "made by service", owner_id: w.otherId })
      .select("owner_id")
      .single();
    expect(service.data).toEqual({ owner_id: w.otherId });
  });

  it("a folder cannot be put inside another person's folder", async () => {
    const theirs = await folder(w.other, "Theirs");
    const inside = await w.owner.from("folders").insert({ name: "sneak", parent_id: theirs });
    expect(inside.status).toBe(409);
  });

  it("names are trimmed, and an empty or too long name is a 400 in words", async () => {
    const { data } = await w.owner
      .from("folders")
      .insert({ name: "  Work  " })
      .select("name")
      .single();
    expect(data).toEqual({ name: "Work" });
    const empty = await w.owner.from("folders").insert({ name: "   " });
    expect(empty.status).toBe(400);
    expect(empty.error?.message).toBe("A folder needs a name.");
    const long = await w.owner.from("folders").insert({ name: "x".repeat(101) });
    expect(long.status).toBe(400);
    expect(long.error?.message).toMatch(/at most 100 characters/);
  });

  it("update: only the owner renames; nobody gives a folder away", async () => {
    const id = await folder(w.owner, "Ideas");
    expect(
      (await w.other.from("folders").update({ name: "mine" }).eq("id", id).select()).data,
    ).toEqual([]);
    expect((await w.anon.from("folders").update({ name: "anon" }).eq("id", id)).status).toBe(401);
    const giveAway = await w.owner.from("folders").update({ owner_id: w.otherId }).eq("id", id);
    expect(giveAway.status).toBe(403);
    const own = await w.owner
      .from("folders")
      .update({ name: "Big ideas" })
      .eq("id", id)
      .select("name");
    expect(own.data).toEqual([{ name: "Big ideas" }]);
  });

  it("a folder cannot move into itself or below itself: 400 with a sentence", async () => {
    const a = await folder(w.owner, "A");
    const b = await folder(w.owner, "B", a);
    const c = await folder(w.owner, "C", b);
    const self = await w.owner.from("folders").update({ parent_id: a }).eq("id", a);
    expect(self.status).toBe(400);
    const below = await w.owner.from("folders").update({ parent_id: c }).eq("id", a);
    expect(below.status).toBe(400);
    expect(below.error?.message).toBe("A folder can't go inside itself or one of its own folders.");
    const viaRpc = await w.owner.rpc("move_folder", { folder_id: a, new_parent_id: c });
    expect(viaRpc.status).toBe(400);
    // Even the service role cannot make a loop.
    const service = await w.service.from("folders").update({ parent_id: b }).eq("id", a);
    expect(service.status).toBe(400);
  });

  it("delete: another person and anon remove nothing; the owner does", async () => {
    const id = await folder(w.owner, "temp");
    expect((await w.other.from("folders").delete().eq("id", id).select()).data).toEqual([]);
    expect((await w.anon.from("folders").delete().eq("id", id)).status).toBe(401);
    expect((await w.owner.from("folders").delete().eq("id", id).select("id")).data).toEqual([
      { id },
    ]);
  });
});

describe("notes.folder_id", () => {
  it("the owner files a note in their folder and out again; not in another person's", async () => {
    const mine = await folder(w.owner, "Filed");
    const theirs = await folder(w.other, "Not yours");
    const id = await note(w.owner, "A note");
    const moved = await w.owner
      .from("notes")
      .update({ folder_id: mine })
      .eq("id", id)
      .select("folder_id");
    expect(moved.data).toEqual([{ folder_id: mine }]);
    const foreign = await w.owner.from("notes").update({ folder_id: theirs }).eq("id", id);
    expect(foreign.status).toBe(409);
    expect((await folderOf(id))?.folder_id).toBe(mine);
    const byOther = await w.other.from("notes").update({ folder_id: theirs }).eq("id", id).select();
    expect(byOther.data).toEqual([]);
    const out = await w.owner
      .from("notes")
      .update({ folder_id: null })
      .eq("id", id)
      .select("folder_id");
    expect(out.data).toEqual([{ folder_id: null }]);
  });

  it("moving a note does not change when it was edited", async () => {
    const f = await folder(w.owner, "Quiet");
    const id = await note(w.owner, "Still");
    const before = await w.owner.from("notes").select("updated_at").eq("id", id).single();
    await w.owner.from("notes").update({ folder_id: f }).eq("id", id);
    const after = await w.owner.from("notes").select("updated_at").eq("id", id).single();
    expect(after.data?.updated_at).toBe(before.data?.updated_at);
  });

  it("the list view reads one folder at a time", async () => {
    const f = await folder(w.owner, "Listed");
    const inside = await note(w.owner, "inside", f);
    await note(w.owner, "outside");
    const { data } = await w.owner.from("note_list").select("id, folder_id").eq("folder_id", f);
    expect(data).toEqual([{ id: inside, folder_id: f }]);
  });
});

describe("folder_list: counts per folder by query", () => {
  it("counts the notes directly in each folder, not those in Trash; only the owner's", async () => {
    const f = await folder(w.owner, "Counted");
    await note(w.owner, "one", f);
    await note(w.owner, "two", f);
    const trashed = await note(w.owner, "three", f);
    await w.owner.from("notes").update({ deleted_at: new Date().toISOString() }).eq("id", trashed);
    const { data } = await w.owner.from("folder_list").select("note_count").eq("id", f).single();
    expect(data).toEqual({ note_count: 2 });
    expect((await w.other.from("folder_list").select("id").eq("id", f)).data).toEqual([]);
    expect((await w.anon.from("folder_list").select("id")).status).toBe(401);
    expect((await w.service.from("folder_list").select("note_count").eq("id", f)).data).toEqual([
      { note_count: 2 },
    ]);
  });
});

describe("move_folder: reparent and reorder", () => {
  it("puts a folder under another, before a sibling, and numbers the siblings in order", async () => {
    const top = await folder(w.owner, "Top");
    const x = await folder(w.owner, "X", top);
    const y = await folder(w.owner, "Y", top);
    const z = await folder(w.owner, "Z");
    expect(
      (await w.owner.rpc("move_folder", { folder_id: z, new_parent_id: top, before_id: x })).error,
    ).toBeNull();
    const { data } = await w.owner
      .from("folders")
      .select("id")
      .eq("parent_id", top)
      .order("position");
    expect(data?.map((r) => r.id)).toEqual([z, x, y]);
    await w.owner.rpc("move_folder", { folder_id: z, new_parent_id: top });
    const last = await w.owner.from("folders").select("id").eq("parent_id", top).order("position");
    expect(last.data?.map((r) => r.id)).toEqual([x, y, z]);
  });

  it("another person's folder is not found (404); anon may not call it (401)", async () => {
    const id = await folder(w.owner, "Private");
    const other = await w.other.rpc("move_folder", { folder_id: id, new_parent_id: TOP });
    expect(other.status).toBe(404);
    expect(other.error?.message).toBe("That folder doesn't exist.");
    const anon = await w.anon.rpc("move_folder", { folder_id: id, new_parent_id: TOP });
    expect(anon.status).toBe(401);
    const service = await w.service.rpc("move_folder", { folder_id: id, new_parent_id: TOP });
    expect(service.error).toBeNull();
  });
});

describe("delete_folder: the person says what happens to the notes", () => {
  it("'parent' moves the notes and subfolders up one level", async () => {
    const outer = await folder(w.owner, "Outer");
    const doomed = await folder(w.owner, "Doomed", outer);
    const child = await folder(w.owner, "Child", doomed);
    const n = await note(w.owner, "in doomed", doomed);
    const deep = await note(w.owner, "in child", child);
    const { error } = await w.owner.rpc("delete_folder", { folder_id: doomed, contents: "parent" });
    expect(error).toBeNull();
    expect(await folderOf(n)).toEqual({ folder_id: outer, deleted_at: null });
    expect(await folderOf(deep)).toEqual({ folder_id: child, deleted_at: null });
    const moved = await w.owner.from("folders").select("parent_id").eq("id", child).single();
    expect(moved.data).toEqual({ parent_id: outer });
    expect((await w.owner.from("folders").select("id").eq("id", doomed)).data).toEqual([]);
  });

  it("'trash' sends its notes and its subfolders' notes to Trash, where they can be restored", async () => {
    const doomed = await folder(w.owner, "Gone");
    const child = await folder(w.owner, "Gone too", doomed);
    const n = await note(w.owner, "a", doomed);
    const deep = await note(w.owner, "b", child);
    const { error } = await w.owner.rpc("delete_folder", { folder_id: doomed, contents: "trash" });
    expect(error).toBeNull();
    for (const id of [n, deep]) {
      const row = await folderOf(id);
      expect(row?.deleted_at).not.toBeNull();
      expect(row?.folder_id).toBeNull();
    }
    expect((await w.owner.from("folders").select("id").in("id", [doomed, child])).data).toEqual([]);
    const restored = await w.owner
      .from("notes")
      .update({ deleted_at: null })
      .eq("id", n)
      .select("title");
    expect(restored.data).toEqual([{ title: "a" }]);
  });

  it("a choice other than 'parent' or 'trash' is a 400 that deletes nothing", async () => {
    const id = await folder(w.owner, "Kept");
    const bad = await w.owner.rpc("delete_folder", { folder_id: id, contents: "nowhere" });
    expect(bad.status).toBe(400);
    expect((await w.owner.from("folders").select("id").eq("id", id)).data).toEqual([{ id }]);
  });

  it("another person gets 404 and nothing changes; anon 401; the service role may", async () => {
    const id = await folder(w.owner, "Guarded");
    const n = await note(w.owner, "guarded note", id);
    const other = await w.other.rpc("delete_folder", { folder_id: id, contents: "trash" });
    expect(other.status).toBe(404);
    const anon = await w.anon.rpc("delete_folder", { folder_id: id, contents: "trash" });
    expect(anon.status).toBe(401);
    expect(await folderOf(n)).toEqual({ folder_id: id, deleted_at: null });
    const service = await w.service.rpc("delete_folder", { folder_id: id, contents: "parent" });
    expect(service.error).toBeNull();
    expect(await folderOf(n)).toEqual({ folder_id: null, deleted_at: null });
  });
});
