import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startNotesWorld, type NotesWorld } from "./notes-support";

// Search keeps the 500 candidates it ranks (title matches, then the newest matches) whichever
// way it finds them: a common word by reading the newest notes until 500 match, a rare word or
// a narrow filter through the indexes. These pin the results of both ways, filters included.

let w: NotesWorld;
beforeAll(async () => {
  w = await startNotesWorld();
});
afterAll(() => w?.t.stop());

const MINUTE = 60_000;
const COUNT = 800;

describe("search finds the same notes whether the word is common or rare", () => {
  // ids[i] is the note edited i + 1 minutes ago.
  let ids: string[];
  let shed: string;
  let shared: string;
  let now: number;

  beforeAll(async () => {
    now = Date.now();
    // 620 notes with "lantern" in their body, then 180 without; the oldest note has it in its
    // title only; three old notes hold a rare word, 790 newer notes do not.
    const rows = Array.from({ length: COUNT }, (_, i) => ({
      title: i < 620 ? `Evening walk ${i}` : `Morning ${i}`,
      body: i < 620 ? `We took the lantern along the river, note ${i}.` : `Coffee and toast, ${i}.`,
      pinned: i < 3,
      created_at: new Date(now - (i + 1) * MINUTE).toISOString(),
      updated_at: new Date(now - (i + 1) * MINUTE).toISOString(),
    }));
    for (const i of [790, 795, 796]) rows[i] = { ...rows[i], body: "The quokkaberry jam recipe." };
    rows[COUNT - 1] = { ...rows[COUNT - 1], title: "Lantern shop" };
    const { data, error } = await w.owner.from("notes").insert(rows).select("id, updated_at");
    expect(error).toBeNull();
    ids = data!.sort((a, b) => b.updated_at.localeCompare(a.updated_at)).map((n) => n.id);

    const folder = await w.owner.from("folders").insert({ name: "Shed" }).select("id").single();
    expect(folder.error).toBeNull();
    shed = folder.data!.id;
    const filed = await w.owner
      .from("notes")
      .update({ folder_id: shed })
      .in("id", [...ids.slice(3, 10), ids[795]]);
    expect(filed.error).toBeNull();
    const tagged = await w.service.from("note_tags").insert([
      { note_id: ids[10], user_id: w.ownerId, tag: "garden/shed" },
      { note_id: ids[796], user_id: w.ownerId, tag: "garden/shed" },
    ]);
    expect(tagged.error).toBeNull();

    // Another person's note, shared with the owner, edited after all of the owner's notes.
    const theirs = await w.other
      .from("notes")
      .insert({
        title: "Borrowed",
        body: "The lantern we share.",
        created_at: new Date(now).toISOString(),
        updated_at: new Date(now).toISOString(),
      })
      .select("id")
      .single();
    expect(theirs.error).toBeNull();
    shared = theirs.data!.id;
    const member = await w.other
      .from("note_members")
      .insert({ note_id: shared, user_id: w.ownerId, role: "viewer" });
    expect(member.error).toBeNull();
  });

  const search = async (query: string, filters?: Record<string, unknown>, max_results = 20) => {
    const { data, error } = await w.owner.rpc("search_notes", {
      query,
      max_results,
      ...(filters ? { filters: filters as never } : {}),
    });
    expect(error).toBeNull();
    return data!.map((r) => r.id);
  };

  it("a common word: the old title match first, then the newest matches, shared ones included", async () => {
    // The title match is older than every body match, past the 500 newest ones, and still ranks
    // first; the shared note is the newest body match.
    expect(await search("lantern")).toEqual([ids[COUNT - 1], shared, ...ids.slice(0, 18)]);
    expect(await search("lantern", {}, 100)).toEqual([ids[COUNT - 1], shared, ...ids.slice(0, 98)]);
    // Part of a word, found by substring only, in the same order.
    expect(await search("antern")).toEqual([ids[COUNT - 1], shared, ...ids.slice(0, 18)]);
    // Someone the note is not shared with does not find it.
    const { data } = await w.other.rpc("search_notes", { query: "lantern" });
    expect(data!.map((r) => r.id)).toEqual([shared]);
  });

  it("a rare word in old notes, behind hundreds of newer notes without it, is found", async () => {
    expect(await search("quokkaberry")).toEqual([ids[790], ids[795], ids[796]]);
    expect(await search("okkaber")).toEqual([ids[790], ids[795], ids[796]]);
  });

  it("filters narrow a common word and a rare word alike", async () => {
    // Filters that keep most matches.
    expect(await search("lantern", { pinned: false })).toEqual([
      ids[COUNT - 1],
      shared,
      ...ids.slice(3, 21),
    ]);
    const before = new Date(now - 100.5 * MINUTE).toISOString();
    expect(await search("lantern", { updated_before: before })).toEqual([
      ids[COUNT - 1],
      ...ids.slice(100, 119),
    ]);
    // Filters that keep few.
    expect(await search("lantern", { pinned: true })).toEqual(ids.slice(0, 3));
    expect(await search("lantern", { folder: shed })).toEqual(ids.slice(3, 10));
    expect(await search("lantern", { tag: "garden" })).toEqual([ids[10]]);
    expect(await search("quokkaberry", { folder: shed })).toEqual([ids[795]]);
    expect(await search("quokkaberry", { tag: "#garden/shed" })).toEqual([ids[796]]);
    expect(await search("quokkaberry", { pinned: true })).toEqual([]);
  });

  it("a note moved to the Trash is not found either way", async () => {
    const trashed = await w.owner
      .from("notes")
      .update({ deleted_at: new Date().toISOString() })
      .in("id", [ids[0], ids[790]]);
    expect(trashed.error).toBeNull();
    expect(await search("lantern")).toEqual([ids[COUNT - 1], shared, ...ids.slice(1, 19)]);
    expect(await search("quokkaberry")).toEqual([ids[795], ids[796]]);
  });
});
