import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { byteaHex, startNotesWorld, type NotesClient, type NotesWorld } from "./notes-support";

let w: NotesWorld;
beforeAll(async () => {
  w = await startNotesWorld();
});
afterAll(() => w?.t.stop());

const CREATED = "2019-03-01T09:30:00+00:00";
const EDITED = "2020-05-02T17:45:00+00:00";
const ms = (iso: string | null | undefined) => Date.parse(String(iso));

async function times(id: string) {
  const { data, error } = await w.service
    .from("notes")
    .select("created_at, updated_at")
    .eq("id", id)
    .single();
  expect(error).toBeNull();
  return { created: ms(data!.created_at), updated: ms(data!.updated_at) };
}

/** As the app makes an imported note: the row with the source's times, recorded under the import. */
async function importedNote(client: NotesClient, importId: string | null, at: object) {
  const made = await client.from("notes").insert(at).select("id").single();
  expect(made.error).toBeNull();
  if (importId) {
    const recorded = await client.from("import_notes").insert({
      import_id: importId,
      note_id: made.data!.id,
      source_path: `${made.data!.id}.md`,
      content_hash: "ab",
    });
    expect(recorded.error).toBeNull();
  }
  return made.data!.id;
}

async function startImport(client: NotesClient) {
  const { data, error } = await client
    .from("imports")
    .insert({ source: "markdown", name: "vault.zip" })
    .select("id")
    .single();
  expect(error).toBeNull();
  return data!.id;
}

/** What the updates route does after storing a document: the server writes the derived text. */
async function deriveText(id: string, updates: number, body = "Some text") {
  const res = await w.service.rpc("write_note_derived", {
    note_id: id,
    title: "Old note",
    body,
    from_version: 0,
    from_updates: updates,
    tags: [],
    links: [],
  });
  expect(res.error).toBeNull();
  expect(res.data).toBe(true);
}

describe("imported notes keep their times: owner, another person, anon, service role", () => {
  it("the owner's imported note keeps its source's times through its first text; a later edit moves the last edit to now", async () => {
    const importId = await startImport(w.owner);
    const id = await importedNote(w.owner, importId, { created_at: CREATED, updated_at: EDITED });
    expect(await times(id)).toEqual({ created: ms(CREATED), updated: ms(EDITED) });

    await deriveText(id, 1);
    expect(await times(id)).toEqual({ created: ms(CREATED), updated: ms(EDITED) });
    const listed = await w.owner.from("notes").select("title, updated_at").eq("id", id).single();
    expect(listed.data).toMatchObject({ title: "Old note" });
    expect(ms(listed.data!.updated_at)).toBe(ms(EDITED));

    // Editing it here is an edit made now, even while the import still runs.
    const before = Date.now() - 60_000;
    await deriveText(id, 2, "Changed today");
    const after = await times(id);
    expect(after.created).toBe(ms(CREATED));
    expect(after.updated).toBeGreaterThan(before);
  });

  it("times are never taken in the future, nor an edit before the making", async () => {
    const importId = await startImport(w.owner);
    const now = Date.now();
    const future = await importedNote(w.owner, importId, {
      created_at: "2999-01-01T00:00:00Z",
      updated_at: "2999-01-02T00:00:00Z",
    });
    const t = await times(future);
    expect(t.created).toBeLessThan(now + 60_000);
    expect(t.updated).toBeLessThan(now + 60_000);
    expect(t.updated).toBeGreaterThanOrEqual(t.created);

    const backwards = await importedNote(w.owner, importId, {
      created_at: EDITED,
      updated_at: CREATED,
    });
    expect(await times(backwards)).toEqual({ created: ms(EDITED), updated: ms(EDITED) });
  });

  it("a note made in the app, or by an import that is over, moves its last edit with its first text", async () => {
    const before = Date.now() - 60_000;
    const plain = await importedNote(w.owner, null, { created_at: CREATED, updated_at: EDITED });
    await deriveText(plain, 1);
    expect((await times(plain)).updated).toBeGreaterThan(before);

    const importId = await startImport(w.owner);
    const late = await importedNote(w.owner, importId, {
      created_at: CREATED,
      updated_at: EDITED,
    });
    expect(
      (await w.owner.from("imports").update({ status: "done" }).eq("id", importId)).error,
    ).toBeNull();
    await deriveText(late, 1);
    expect((await times(late)).updated).toBeGreaterThan(before);
  });

  it("the document made from a note's own text when it is first opened is not an edit; later documents are", async () => {
    const id = await importedNote(w.owner, null, {
      title: "Old note",
      body: "Some text",
      created_at: CREATED,
      updated_at: EDITED,
    });
    const compact = async (ydoc: string, base: number) => {
      const res = await w.owner.rpc("compact_note", {
        note_id: id,
        ydoc,
        base_version: base,
        merged_ids: [],
      });
      expect(res.error).toBeNull();
    };
    // Opening it: a document holding the same text, derived back to that text, then merged.
    await deriveText(id, 1);
    expect(await times(id)).toEqual({ created: ms(CREATED), updated: ms(EDITED) });
    await compact(byteaHex(new Uint8Array([1, 2])), 0);
    expect(await times(id)).toEqual({ created: ms(CREATED), updated: ms(EDITED) });

    // Another person's attempt to merge a document changes nothing, not even the time.
    const byOther = await w.other.rpc("compact_note", {
      note_id: id,
      ydoc: byteaHex(new Uint8Array([3, 4])),
      base_version: 1,
      merged_ids: [],
    });
    expect(byOther.status).toBe(404);
    expect(await times(id)).toEqual({ created: ms(CREATED), updated: ms(EDITED) });

    // A change of the document it now has is an edit.
    const before = Date.now() - 60_000;
    await compact(byteaHex(new Uint8Array([1, 3])), 1);
    expect((await times(id)).updated).toBeGreaterThan(before);
  });

  it("times are given only at the making: the owner cannot change them later", async () => {
    const id = await importedNote(w.owner, null, {});
    const made = await times(id);
    const res = await w.owner
      .from("notes")
      .update({ created_at: CREATED, updated_at: EDITED })
      .eq("id", id);
    expect(res.error).toBeNull();
    expect(await times(id)).toEqual(made);
  });

  it("another person and a signed-out visitor set no one's times", async () => {
    const id = await importedNote(w.owner, null, {});
    const made = await times(id);
    const theirs = await w.other
      .from("notes")
      .update({ created_at: CREATED, updated_at: EDITED })
      .eq("id", id)
      .select("id");
    expect(theirs.data ?? []).toEqual([]);
    expect(await times(id)).toEqual(made);

    const forOwner = await w.other
      .from("notes")
      .insert({ owner_id: w.ownerId, created_at: CREATED, updated_at: EDITED });
    expect(forOwner.status).toBe(403);

    const anon = await w.anon.from("notes").insert({ created_at: CREATED, updated_at: EDITED });
    expect(anon.status).toBe(401);
    const anonUpdate = await w.anon
      .from("notes")
      .update({ created_at: CREATED, updated_at: EDITED })
      .eq("id", id);
    expect(anonUpdate.status).toBe(401);
    expect(await times(id)).toEqual(made);
  });

  it("the service role sets times as given (a restore), yet cannot rewrite them on update", async () => {
    const made = await w.service
      .from("notes")
      .insert({ owner_id: w.ownerId, created_at: CREATED, updated_at: EDITED })
      .select("id")
      .single();
    expect(made.error).toBeNull();
    expect(await times(made.data!.id)).toEqual({ created: ms(CREATED), updated: ms(EDITED) });
    await w.service
      .from("notes")
      .update({ created_at: EDITED, updated_at: CREATED })
      .eq("id", made.data!.id);
    expect(await times(made.data!.id)).toEqual({ created: ms(CREATED), updated: ms(EDITED) });
  });
});
