import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startNotesWorld, type NotesWorld } from "./notes-support";

let w: NotesWorld;
beforeAll(async () => {
  w = await startNotesWorld();
});
afterAll(() => w?.t.stop());

const MINUTE = 60_000;

describe("search when a word is in more notes than are ranked (over 500)", () => {
  let newest: string[];
  let plain: string[];
  let oldTitle: string;
  let denseNew: string;
  let denseOld: string;
  let deeplyTitled: string;

  beforeAll(async () => {
    const now = Date.now();
    // 600 notes that all hold "lantern" once in their body, one minute apart, newest first;
    // a few of them differ: an old one with the word in its title, one recent and one old note
    // holding the word many times, and one titled with both words of a two-word query.
    const rows = Array.from({ length: 600 }, (_, i) => ({
      title: `Evening walk ${i}`,
      body: `We took the lantern along the river, note ${i}.`,
      created_at: new Date(now - (i + 1) * MINUTE).toISOString(),
      updated_at: new Date(now - (i + 1) * MINUTE).toISOString(),
    }));
    rows[599] = { ...rows[599], title: "Lantern repair" };
    rows[598] = { ...rows[598], title: "Brass fittings", body: "lantern repair kit" };
    rows[5] = { ...rows[5], body: "lantern lantern lantern lantern, the lantern again" };
    rows[590] = { ...rows[590], body: "lantern lantern lantern lantern, the lantern again" };
    const { data, error } = await w.owner.from("notes").insert(rows).select("id, updated_at");
    expect(error).toBeNull();
    const ids = (newest = data!
      .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
      .map((n) => n.id));
    oldTitle = ids[599];
    deeplyTitled = ids[598];
    denseNew = ids[5];
    denseOld = ids[590];
    plain = ids.filter((id) => ![oldTitle, deeplyTitled, denseNew, denseOld].includes(id));
  });

  const search = async (query: string, max_results = 20) => {
    const { data, error } = await w.owner.rpc("search_notes", { query, max_results });
    expect(error).toBeNull();
    return data!.map((r) => r.id);
  };

  it("ranks only the notes whose title holds the words and the newest, so an old match waits", async () => {
    // The old note with the word in its title is kept and ranked first among equals; the recent
    // note with the word many times ranks above them; the old one like it is past the 500
    // newest and is not ranked at all.
    const found = await search("lantern");
    expect(found).toEqual([denseNew, oldTitle, ...plain.slice(0, 18)]);
    expect(found).not.toContain(denseOld);
    const all = await search("lantern", 100);
    expect(all).not.toContain(denseOld);
    expect(all.slice(0, 2)).toEqual([denseNew, oldTitle]);
    expect(all.slice(2)).toEqual(plain.slice(0, 98));
  });

  it("keeps the same order for part of a word, found by substring only", async () => {
    // "antern" is no word full-text search knows: every match comes from the folded text, the
    // title match first, then the newest, as no note has a full-text rank.
    const found = await search("antern");
    expect(found).toEqual([oldTitle, ...newest.slice(0, 19)]);
    expect(found).not.toContain(denseOld);
  });

  it("asks a title to hold every word of the query to be preferred", async () => {
    const found = await search("lantern repair");
    expect(found).toEqual([oldTitle, deeplyTitled]);
  });
});
