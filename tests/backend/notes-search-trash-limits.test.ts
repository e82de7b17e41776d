import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNotesWorld, type NotesWorld } from "./notes-support";

let w: NotesWorld;
beforeAll(async () => {
  w = await startNotesWorld();
});
afterAll(() => w?.t.stop());

async function add(title: string, body: string, deletedDaysAgo?: number): Promise<string> {
  const { data, error } = await w.owner.from("notes").insert({ title, body }).select("id").single();
  expect(error).toBeNull();
  if (deletedDaysAgo !== undefined) {
    const at = new Date(Date.now() - deletedDaysAgo * 86_400_000).toISOString();
    await w.service.from("notes").update({ deleted_at: at }).eq("id", data!.id);
  }
  return data!.id;
}

describe("search_notes", () => {
  it("ranks a title match above a body match, highlights matches and skips the trash", async () => {
    const inBody = await add("Weekly plan", "buy sourdough on friday");
    const inTitle = await add("Sourdough starter", "feed it twice a day");
    await add("Old sourdough", "trashed", 2);
    const other = await w.other.from("notes").insert({ title: "Sourdough too" }).select("id");
    expect(other.error).toBeNull();
    const { data, error } = await w.owner.rpc("search_notes", { query: "sourdough" });
    expect(error).toBeNull();
    expect(data!.map((r) => r.id)).toEqual([inTitle, inBody]);
    expect(data![1].snippet).toContain("\uE000sourdough\uE001 on friday");
    expect(data![0].snippet).not.toContain("\uE000");
    expect(data![0].title_highlighted).toBe("\uE000Sourdough\uE001 starter");
  });

  it("understands web search syntax: phrases, or, and minus", async () => {
    const a = await add("Trip", "pack the red tent and the stove");
    const b = await add("Camping list", "tent pegs, blue tarp");
    const phrase = await w.owner.rpc("search_notes", { query: '"red tent"' });
    expect(phrase.data!.map((r) => r.id)).toEqual([a]);
    const minus = await w.owner.rpc("search_notes", { query: "tent -stove" });
    expect(minus.data!.map((r) => r.id)).toEqual([b]);
    const or = await w.owner.rpc("search_notes", { query: "stove or tarp" });
    expect(new Set(or.data!.map((r) => r.id))).toEqual(new Set([a, b]));
  });

  it("matches the last word as a prefix while it is being typed", async () => {
    const id = await add("Kubernetes notes", "cluster upgrade");
    const { data } = await w.owner.rpc("search_notes", { query: "kuber" });
    expect(data!.map((r) => r.id)).toEqual([id]);
  });

  it("stays a 200 with no results for punctuation-only or odd input", async () => {
    for (const query of ["", "!!!", "'", '"unclosed', "a & | b"]) {
      const res = await w.owner.rpc("search_notes", { query });
      expect(res.error).toBeNull();
      expect(Array.isArray(res.data)).toBe(true);
    }
  });

  it("is not reachable signed out", async () => {
    const res = await w.anon.rpc("search_notes", { query: "sourdough" });
    expect(res.status).toBe(401);
  });
});

describe("trash", () => {
  it("purge_expired_trash removes the caller's notes trashed over 30 days ago only", async () => {
    const recent = await add("Recently trashed", "", 29);
    const expired = await add("Long gone", "", 31);
    const kept = await add("Alive", "");
    const othersExpired = await w.other
      .from("notes")
      .insert({ title: "theirs" })
      .select("id")
      .single();
    await w.service
      .from("notes")
      .update({ deleted_at: new Date(Date.now() - 40 * 86_400_000).toISOString() })
      .eq("id", othersExpired.data!.id);
    const { data, error } = await w.owner.rpc("purge_expired_trash");
    expect(error).toBeNull();
    expect(data).toBe(1);
    const left = await w.service
      .from("notes")
      .select("id")
      .in("id", [recent, expired, kept, othersExpired.data!.id]);
    expect(new Set(left.data!.map((r) => r.id))).toEqual(
      new Set([recent, kept, othersExpired.data!.id]),
    );
    expect((await w.anon.rpc("purge_expired_trash")).status).toBe(401);
  });
});

describe("limits", () => {
  it("takes a title of 500 characters and refuses 501 with a sentence", async () => {
    const ok = await w.owner
      .from("notes")
      .insert({ title: "é".repeat(500) })
      .select("title")
      .single();
    expect(ok.data?.title).toHaveLength(500);
    const tooLong = await w.owner.from("notes").insert({ title: "é".repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.error?.message).toBe("A note's title can be at most 500 characters.");
  });

  it("takes a body of 200,000 characters of any script and refuses one more", async () => {
    // Counted in characters (code points), not UTF-16 units: an emoji is one character.
    const body = Array.from("😀漢字".repeat(70_000)).slice(0, 200_000).join("");
    const id = await add("Long", "");
    // The text is written by the server, from the note's document.
    const ok = await w.service.from("notes").update({ body }).eq("id", id).select("id");
    expect(ok.error).toBeNull();
    const tooLong = await w.service
      .from("notes")
      .update({ body: `${body}x` })
      .eq("id", id);
    expect(tooLong.status).toBe(400);
    expect(tooLong.error?.message).toBe("A note can be at most 200,000 characters long.");
  });

  it("moves updated_at on edits but not on pinning", async () => {
    const id = await add("Stamp", "v1");
    const before = (await w.owner.from("notes").select("updated_at").eq("id", id).single()).data!;
    await new Promise((r) => setTimeout(r, 20));
    await w.owner.from("notes").update({ pinned: true }).eq("id", id);
    const pinned = (await w.owner.from("notes").select("updated_at").eq("id", id).single()).data!;
    expect(pinned.updated_at).toBe(before.updated_at);
    await w.service.from("notes").update({ body: "v2" }).eq("id", id);
    const edited = (await w.owner.from("notes").select("updated_at").eq("id", id).single()).data!;
    expect(Date.parse(edited.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
  });
});
