import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNotesWorld, type NotesClient, type NotesWorld } from "./notes-support";

let w: NotesWorld;
beforeAll(async () => {
  w = await startNotesWorld();
});
afterAll(() => w?.t.stop());

async function made<T extends { id: string }>(
  query: PromiseLike<{ data: T | null; error: unknown }>,
) {
  const { data, error } = await query;
  expect(error).toBeNull();
  return data!.id;
}

const startImport = (client: NotesClient, name = "vault.zip") =>
  made(client.from("imports").insert({ source: "markdown", name }).select("id").single());
const note = (client: NotesClient) =>
  made(client.from("notes").insert({ title: "imported" }).select("id").single());
const folder = (client: NotesClient) =>
  made(client.from("folders").insert({ name: "Imported" }).select("id").single());

describe("imports over REST: owner, another person, anon, service role", () => {
  it("an import and what it made are read only by their owner and the service role", async () => {
    const id = await startImport(w.owner);
    const noteId = await note(w.owner);
    const folderId = await folder(w.owner);
    expect(
      (
        await w.owner
          .from("import_notes")
          .insert({ import_id: id, note_id: noteId, source_path: "a.md", content_hash: "ab" })
      ).error,
    ).toBeNull();
    expect(
      (
        await w.owner
          .from("import_folders")
          .insert({ import_id: id, folder_id: folderId, path: "A" })
      ).error,
    ).toBeNull();
    for (const table of ["imports", "import_notes", "import_folders"] as const) {
      expect((await w.owner.from(table).select("owner_id")).data).toHaveLength(1);
      expect((await w.other.from(table).select("owner_id")).data).toEqual([]);
      expect((await w.anon.from(table).select("owner_id")).status).toBe(401);
      expect(
        (await w.service.from(table).select("owner_id").eq("owner_id", w.ownerId)).data,
      ).toHaveLength(1);
    }
  });

  it("another person cannot record into someone's import, nor claim their notes or folders", async () => {
    const mine = await startImport(w.owner);
    const theirs = await startImport(w.other);
    const myNote = await note(w.owner);
    const myFolder = await folder(w.owner);
    const theirNote = await note(w.other);

    // Their import with my note: the note is not theirs.
    const claimNote = await w.other
      .from("import_notes")
      .insert({ import_id: theirs, note_id: myNote, source_path: "x.md", content_hash: "1" });
    expect(claimNote.status).toBe(403);
    // My import from their side: the import pair is not theirs.
    const intoMine = await w.other
      .from("import_notes")
      .insert({ import_id: mine, note_id: theirNote, source_path: "x.md", content_hash: "1" });
    expect(intoMine.error).not.toBeNull();
    const forged = await w.other.from("import_notes").insert({
      import_id: mine,
      owner_id: w.ownerId,
      note_id: myNote,
      source_path: "x.md",
      content_hash: "1",
    });
    expect(forged.status).toBe(403);
    // My folder in their import: the folder pair is not theirs.
    const claimFolder = await w.other
      .from("import_folders")
      .insert({ import_id: theirs, folder_id: myFolder, path: "A" });
    expect(claimFolder.error).not.toBeNull();
    // An import in my name.
    const forgedImport = await w.other
      .from("imports")
      .insert({ source: "enex", name: "x.enex", owner_id: w.ownerId });
    expect(forgedImport.status).toBe(403);
    expect((await w.anon.from("imports").insert({ source: "enex", name: "x" })).status).toBe(401);

    // Changing or removing someone else's import touches nothing.
    const changed = await w.other
      .from("imports")
      .update({ status: "removed" })
      .eq("id", mine)
      .select();
    expect(changed.data).toEqual([]);
    const removed = await w.other.from("imports").delete().eq("id", mine).select();
    expect(removed.data).toEqual([]);
    const still = await w.service.from("imports").select("status").eq("id", mine).single();
    expect(still.data).toEqual({ status: "running" });
  });

  it("bad values are a 400 with the constraint named, never a 5xx", async () => {
    const res = await w.owner.from("imports").insert({ source: "word", name: "x" });
    expect(res.status).toBe(400);
    expect(res.error?.message).toMatch(/imports_source_check/);
  });

  it("the service role may record anything; deleting an import forgets what it recorded", async () => {
    const id = await startImport(w.owner, "again.zip");
    const noteId = await note(w.owner);
    expect(
      (
        await w.service.from("import_notes").insert({
          import_id: id,
          owner_id: w.ownerId,
          note_id: noteId,
          source_path: "b.md",
          content_hash: "cd",
        })
      ).error,
    ).toBeNull();
    expect((await w.owner.from("imports").delete().eq("id", id)).error).toBeNull();
    expect(
      (await w.service.from("import_notes").select("note_id").eq("import_id", id)).data,
    ).toEqual([]);
    // The note itself stays: removing an import's notes is the app's choice (to Trash).
    expect((await w.owner.from("notes").select("id").eq("id", noteId)).data).toEqual([
      { id: noteId },
    ]);
  });

  it("an unfinished import: its totals, each note marked written by its owner only, nothing made twice", async () => {
    const started = await w.owner
      .from("imports")
      .insert({ source: "markdown", name: "big.zip", notes_total: 2, files_total: 1 })
      .select("id, notes_total, files_total")
      .single();
    expect(started.data).toMatchObject({ notes_total: 2, files_total: 1 });
    const id = started.data!.id;
    const negative = await w.owner
      .from("imports")
      .insert({ source: "markdown", name: "x", notes_total: -1 });
    expect(negative.status).toBe(400);
    expect(negative.error?.message).toMatch(/imports_totals_check/);

    // A resumed import makes a note under the id its plan gave it: a second insert is refused
    // as a duplicate (409, 23505), which is how it knows the note is there already.
    const planned = crypto.randomUUID();
    expect((await w.owner.from("notes").insert({ id: planned })).error).toBeNull();
    const again = await w.owner.from("notes").insert({ id: planned });
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe("23505");
    const record = { import_id: id, note_id: planned, source_path: "a.md", content_hash: "1" };
    expect((await w.owner.from("import_notes").insert(record)).error).toBeNull();
    expect((await w.owner.from("import_notes").insert(record)).error?.code).toBe("23505");

    // Someone else cannot mark it written; its owner can, and only that.
    const at = new Date().toISOString();
    const theirs = await w.other
      .from("import_notes")
      .update({ written_at: at })
      .eq("import_id", id)
      .select();
    expect(theirs.data).toEqual([]);
    const mine = await w.owner
      .from("import_notes")
      .update({ written_at: at })
      .eq("import_id", id)
      .select("note_id, written_at");
    expect(mine.data).toEqual([{ note_id: planned, written_at: expect.any(String) }]);
    const moved = await w.owner
      .from("import_notes")
      .update({ source_path: "elsewhere.md" })
      .eq("import_id", id);
    expect(moved.status).toBe(403);
    expect(moved.error?.code).toBe("42501");
  });
});
