import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { snippetParts } from "@/lib/notes/list";
import { startNotesWorld, type NotesClient, type NotesWorld } from "./notes-support";

let w: NotesWorld;
beforeAll(async () => {
  w = await startNotesWorld();
});
afterAll(() => w?.t.stop());

async function add(title: string, body: string, client: NotesClient = w.owner): Promise<string> {
  const { data, error } = await client.from("notes").insert({ title, body }).select("id").single();
  expect(error).toBeNull();
  return data!.id;
}

async function search(query: string, filters?: Record<string, unknown>, client = w.owner) {
  const { data, error } = await client.rpc("search_notes", {
    query,
    max_results: 50,
    ...(filters ? { filters: filters as never } : {}),
  });
  expect(error).toBeNull();
  return data!;
}

/** The words a person sees highlighted. */
const marked = (text: string) =>
  snippetParts(text)
    .filter((p) => p.match)
    .map((p) => p.text);
const plain = (text: string) =>
  snippetParts(text)
    .map((p) => p.text)
    .join("");

describe("search finds any word in any language", () => {
  it("finds part of a word, anywhere in it, with the part highlighted", async () => {
    const id = await add("Garden shed", "hang the old lantern by the door");
    for (const query of ["lanter", "antern", "ANTER"]) {
      const hits = await search(query);
      expect(
        hits.map((h) => h.id),
        query,
      ).toContain(id);
      const hit = hits.find((h) => h.id === id)!;
      expect(plain(hit.snippet)).toContain("hang the old lantern by the door");
      expect(marked(hit.snippet).join("").toLowerCase()).toContain(query.toLowerCase());
    }
    const [titled] = (await search("shed")).filter((h) => h.id === id);
    expect(titled.title_highlighted).toBe("Garden \uE000shed\uE001");
    const partOfTitle = (await search("arde")).find((h) => h.id === id)!;
    expect(partOfTitle.title_highlighted).toBe("G\uE000arde\uE001n shed");
  });

  it("finds Chinese, Japanese and Korean text written without spaces", async () => {
    const zh = await add("周末计划", "我们明天去北京大学看樱花，然后吃饭。");
    const ja = await add("旅行メモ", "東京タワーの近くで美味しいラーメンを食べました。");
    const ko = await add("회의 메모", "다음주화요일에프로젝트회의가있습니다");
    const cases: [string, string][] = [
      ["北京大学", zh],
      ["樱花", zh],
      ["計画", ""],
      ["ラーメン", ja],
      ["東京", ja],
      ["프로젝트", ko],
    ];
    for (const [query, id] of cases) {
      const hits = await search(query);
      if (!id) {
        expect(hits, query).toEqual([]);
        continue;
      }
      expect(
        hits.map((h) => h.id),
        query,
      ).toEqual([id]);
      expect(marked(hits[0].snippet), query).toEqual([query]);
    }
    const [title] = await search("计划");
    expect(title.id).toBe(zh);
    expect(title.title_highlighted).toBe("周末\uE000计划\uE001");
  });

  it("finds Thai text written without spaces", async () => {
    const id = await add("บันทึก", "วันนี้ฉันไปตลาดน้ำกับครอบครัว");
    const hits = await search("ตลาดน้ำ");
    expect(hits.map((h) => h.id)).toEqual([id]);
    expect(marked(hits[0].snippet)).toEqual(["ตลาดน้ำ"]);
  });

  it("finds accented words typed without accents, and the other way round", async () => {
    const cafe = await add("Café crème", "a crêpe at the café near Zürich, then Ærø by ferry");
    const plainCafe = await add("Cafe list", "cafe on the corner");
    expect(new Set((await search("cafe")).map((h) => h.id))).toEqual(new Set([cafe, plainCafe]));
    expect(new Set((await search("café")).map((h) => h.id))).toEqual(new Set([cafe, plainCafe]));
    const [zurich] = await search("zurich");
    expect(zurich.id).toBe(cafe);
    expect(marked(zurich.snippet)).toEqual(["Zürich"]);
    expect(plain(zurich.snippet)).toContain("a crêpe at the café near Zürich");
    const [crepe] = await search("crepe");
    expect(crepe.id).toBe(cafe);
    // A letter that folds to two ("Æ" to "ae") still highlights the word as written.
    const [aero] = await search("aero");
    expect(aero.id).toBe(cafe);
    expect(marked(aero.snippet)).toEqual(["Ærø"]);
    const [titled] = (await search("creme")).filter((h) => h.id === cafe);
    expect(titled.title_highlighted).toBe("Café \uE000crème\uE001");
  });

  it("finds a word as soon as it is saved, and every word of a query must be in the note", async () => {
    const id = await add("Fresh", "");
    expect(await search("xylophonic")).toEqual([]);
    const { error } = await w.service
      .from("notes")
      .update({ body: "a xylophonic tune for the parade" })
      .eq("id", id);
    expect(error).toBeNull();
    expect((await search("xylophon")).map((h) => h.id)).toEqual([id]);
    expect((await search("ylophon parad")).map((h) => h.id)).toEqual([id]);
    expect(await search("ylophon zebra")).toEqual([]);
  });

  it("treats LIKE wildcards in a query as the characters themselves", async () => {
    const id = await add("Rates", "interest at 5% per_year");
    expect((await search("5% per_y")).map((h) => h.id)).toEqual([id]);
    expect((await search("per_y")).map((h) => h.id)).toEqual([id]);
    expect(await search("peryear")).toEqual([]);
    expect(await search("%%%")).toEqual([]);
  });

  it("keeps snippets bounded to the opening of a long note", async () => {
    const body = `${"filler words here ".repeat(200)} the quokkasaurus hides deep`;
    const id = await add("Long one", body);
    const [hit] = await search("okkasaur");
    expect(hit.id).toBe(id);
    expect(hit.snippet.length).toBeLessThan(400);
    expect(marked(hit.snippet)).toEqual([]);
  });
});

describe("search filters", () => {
  let pinned: string;
  let withFile: string;
  let old: string;
  beforeAll(async () => {
    pinned = await add("Filter pinned", "marmalade jar");
    await w.owner.from("notes").update({ pinned: true }).eq("id", pinned);
    withFile = await add(
      "Filter file",
      'marmalade recipe [recipe.pdf](attachment:u/n/recipe.pdf "12 KB")',
    );
    const inserted = await w.service
      .from("notes")
      .insert({
        owner_id: w.ownerId,
        title: "Filter old",
        body: "marmalade from last year",
        updated_at: "2020-01-01T00:00:00Z",
      })
      .select("id")
      .single();
    expect(inserted.error).toBeNull();
    old = inserted.data!.id;
  });

  it("narrows by pinned, attachments and date", async () => {
    const ids = async (filters: Record<string, unknown>) =>
      new Set((await search("marmalade", filters)).map((h) => h.id));
    expect(await ids({})).toEqual(new Set([pinned, withFile, old]));
    expect(await ids({ pinned: true })).toEqual(new Set([pinned]));
    expect(await ids({ pinned: false })).toEqual(new Set([withFile, old]));
    expect(await ids({ has_attachments: true })).toEqual(new Set([withFile]));
    expect(await ids({ updated_before: "2021-01-01T00:00:00Z" })).toEqual(new Set([old]));
    expect(await ids({ updated_after: "2021-01-01T00:00:00Z" })).toEqual(
      new Set([pinned, withFile]),
    );
    expect(await ids({ updated_after: "2021-01-01T00:00:00Z", pinned: false })).toEqual(
      new Set([withFile]),
    );
  });

  it("narrows to a folder with the folders below it, and to a tag with its sub-tags", async () => {
    const folder = async (name: string, parent: string | null) => {
      const { data, error } = await w.owner
        .from("folders")
        .insert({ name, parent_id: parent })
        .select("id")
        .single();
      expect(error).toBeNull();
      return data!.id;
    };
    const kitchen = await folder("Kitchen", null);
    const jams = await folder("Jams", kitchen);
    const inKitchen = await add("Shelf", "quincepaste on the shelf");
    const inJams = await add("Jar", "quincepaste in a jar");
    const loose = await add("Loose", "quincepaste anywhere");
    await w.owner.from("notes").update({ folder_id: kitchen }).eq("id", inKitchen);
    await w.owner.from("notes").update({ folder_id: jams }).eq("id", inJams);
    // Tags are the server's to write, from the note's text.
    const tagged = await w.service.from("note_tags").insert([
      { note_id: inJams, user_id: w.ownerId, tag: "pantry/preserves" },
      { note_id: loose, user_id: w.ownerId, tag: "pantry" },
      { note_id: inKitchen, user_id: w.ownerId, tag: "pantryish" },
    ]);
    expect(tagged.error).toBeNull();
    const ids = async (filters: Record<string, unknown>) =>
      new Set((await search("quincepaste", filters)).map((h) => h.id));
    expect(await ids({})).toEqual(new Set([inKitchen, inJams, loose]));
    expect(await ids({ folder: kitchen })).toEqual(new Set([inKitchen, inJams]));
    expect(await ids({ folder: jams })).toEqual(new Set([inJams]));
    expect(await ids({ tag: "pantry" })).toEqual(new Set([inJams, loose]));
    expect(await ids({ tag: "#Pantry/Preserves" })).toEqual(new Set([inJams]));
    expect(await ids({ folder: kitchen, tag: "pantry" })).toEqual(new Set([inJams]));
    // Another person's folder narrows the owner's search to nothing, and tells them nothing.
    const { data: theirs } = await w.other
      .from("folders")
      .insert({ name: "Theirs" })
      .select("id")
      .single();
    expect(await ids({ folder: theirs!.id })).toEqual(new Set());
  });

  it("refuses an unknown filter or a bad value with a 400 that says which", async () => {
    const unknown = await w.owner.rpc("search_notes", {
      query: "marmalade",
      filters: { colour: "red" } as never,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.message).toBe("Unknown search filter: colour.");
    const badFolder = await w.owner.rpc("search_notes", {
      query: "marmalade",
      filters: { folder: "not-a-folder" } as never,
    });
    expect(badFolder.status).toBe(400);
    const bad = await w.owner.rpc("search_notes", {
      query: "marmalade",
      filters: { pinned: "maybe" } as never,
    });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toContain("boolean");
    const notObject = await w.owner.rpc("search_notes", {
      query: "marmalade",
      filters: [1] as never,
    });
    expect(notObject.status).toBe(400);
  });
});

describe("search and the folded copy respect who may read what", () => {
  it("the owner finds their notes; another person, anon and the service role as expected", async () => {
    const mine = await add("Secret", "the walrusfeather plan");
    const theirs = await add("Theirs", "another walrusfeather", w.other);
    expect((await search("lrusfeath")).map((h) => h.id)).toEqual([mine]);
    expect((await search("lrusfeath", undefined, w.other)).map((h) => h.id)).toEqual([theirs]);
    const anon = await w.anon.rpc("search_notes", { query: "lrusfeath" });
    expect(anon.status).toBe(401);
    // The service role has no user: it sees every note, as it does with the table.
    const service = await w.service.rpc("search_notes", { query: "lrusfeath" });
    expect(service.error).toBeNull();
    expect(new Set(service.data!.map((h) => h.id))).toEqual(new Set([mine, theirs]));
  });

  it("the folded copy is readable by its owner only and writable by nobody but the trigger", async () => {
    const mine = await add("Folded", "Crème Brûlée");
    const own = await w.owner.from("note_search").select("folded").eq("note_id", mine);
    expect(own.data).toEqual([{ folded: "folded\ncreme brulee" }]);
    const other = await w.other.from("note_search").select("folded").eq("note_id", mine);
    expect(other.data).toEqual([]);
    const anon = await w.anon.from("note_search").select("folded");
    expect(anon.status).toBe(401);
    const write = await w.owner
      .from("note_search")
      .update({ folded: "anything" })
      .eq("note_id", mine)
      .select();
    expect(write.status).toBe(403);
    const insert = await w.owner
      .from("note_search")
      .insert({ note_id: mine, owner_id: w.ownerId, folded: "x" });
    expect(insert.status).toBe(403);
    const service = await w.service.from("note_search").select("folded").eq("note_id", mine);
    expect(service.data).toEqual([{ folded: "folded\ncreme brulee" }]);
  });

  it("a deleted note leaves no folded copy behind", async () => {
    const id = await add("Gone", "evanescent");
    await w.owner.from("notes").delete().eq("id", id);
    const left = await w.service.from("note_search").select("note_id").eq("note_id", id);
    expect(left.data).toEqual([]);
  });
});
