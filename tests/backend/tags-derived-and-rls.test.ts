import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as Y from "yjs";

import type { NotesWorld } from "./notes-support";
import { newNote, noteDoc, saveDoc, startTagsWorld, text } from "./tags-support";

let w: NotesWorld;
beforeAll(async () => {
  w = await startTagsWorld();
});
afterAll(() => w?.t.stop());

const tagsOf = async (id: string) =>
  (await w.service.from("note_tags").select("tag").eq("note_id", id).order("tag")).data?.map(
    (r) => r.tag,
  );

describe("a note's tags are derived by the server on every save", () => {
  it("stores the tags of the saved document, and follows the next save", async () => {
    const id = await newNote(w.owner);
    const doc = noteDoc(
      [text("Garden plans #Home/Garden")],
      [text("and #todo, not https://x.org/#frag")],
    );
    await saveDoc(w.owner, w.ownerId, id, doc);
    expect(await tagsOf(id)).toEqual(["home/garden", "todo"]);

    // The next edit: "#Home/Garden" becomes "#home" in the title line.
    const title = (doc.getXmlFragment("default").get(0) as Y.XmlElement).get(0) as Y.XmlText;
    title.delete(13, 12);
    title.insert(13, "#home");
    await saveDoc(w.owner, w.ownerId, id, doc);
    const { data } = await w.owner.from("notes").select("title").eq("id", id).single();
    expect(data?.title).toBe("Garden plans #home");
    expect(await tagsOf(id)).toEqual(["home", "todo"]);
  });

  it("counts notes per tag in the tree, sub-tags in their parents, Trash left out", async () => {
    const [a, b, c] = [await newNote(w.owner), await newNote(w.owner), await newNote(w.owner)];
    await saveDoc(w.owner, w.ownerId, a, noteDoc([text("A #proj/alpha #proj/beta")]));
    await saveDoc(w.owner, w.ownerId, b, noteDoc([text("B #proj")]));
    await saveDoc(w.owner, w.ownerId, c, noteDoc([text("C #proj/alpha")]));
    const tree = async () =>
      Object.fromEntries(
        ((await w.owner.rpc("tag_tree")).data ?? [])
          .filter((r) => r.tag.startsWith("proj"))
          .map((r) => [r.tag, r.note_count]),
      );
    expect(await tree()).toEqual({ proj: 3, "proj/alpha": 2, "proj/beta": 1 });

    const tagged = await w.owner.rpc("notes_with_tag", { tag: "Proj" });
    expect(tagged.data?.map((n) => n.id).sort()).toEqual([a, b, c].sort());
    const alpha = await w.owner.rpc("notes_with_tag", { tag: "proj/alpha" });
    expect(alpha.data?.map((n) => n.id).sort()).toEqual([a, c].sort());
    // A sub-tag at any depth is in the view; a tag that only starts with the same letters is not.
    const [deep, alike] = [await newNote(w.owner), await newNote(w.owner)];
    await saveDoc(w.owner, w.ownerId, deep, noteDoc([text("D #proj/alpha/deep")]));
    await saveDoc(w.owner, w.ownerId, alike, noteDoc([text("E #proj-x #proj0 #projects")]));
    const withDeep = await w.owner.rpc("notes_with_tag", { tag: "proj" });
    expect(withDeep.data?.map((n) => n.id).sort()).toEqual([a, b, c, deep].sort());
    expect((await w.other.rpc("notes_with_tag", { tag: "proj" })).data).toEqual([]);
    await w.owner.from("notes").delete().in("id", [deep, alike]);

    await w.owner.from("notes").update({ deleted_at: new Date().toISOString() }).eq("id", c);
    expect(await tree()).toEqual({ proj: 2, "proj/alpha": 1, "proj/beta": 1 });
  });
});

describe("tags RLS: owner, another person, anon, service role", () => {
  it("only the owner (and the service role) reads a note's tags", async () => {
    const id = await newNote(w.owner);
    await saveDoc(w.owner, w.ownerId, id, noteDoc([text("Secret #private-tag")]));

    expect((await w.owner.from("note_tags").select("tag").eq("note_id", id)).data).toEqual([
      { tag: "private-tag" },
    ]);
    expect((await w.other.from("note_tags").select("tag").eq("note_id", id)).data).toEqual([]);
    expect((await w.anon.from("note_tags").select("tag").eq("note_id", id)).status).toBe(401);
    expect(await tagsOf(id)).toEqual(["private-tag"]);

    const theirs = await w.other.rpc("tag_tree");
    expect(theirs.data?.some((r) => r.tag === "private-tag")).toBe(false);
    expect((await w.other.rpc("notes_with_tag", { tag: "private-tag" })).data).toEqual([]);
    expect((await w.anon.rpc("tag_tree")).status).toBe(401);
  });

  it("no device writes tags, not even the owner's", async () => {
    const id = await newNote(w.owner);
    const insert = await w.owner
      .from("note_tags")
      .insert({ note_id: id, user_id: w.ownerId, tag: "forged" });
    expect(insert.status).toBe(403);
    expect(insert.error?.code).toBe("42501");
    await saveDoc(w.owner, w.ownerId, id, noteDoc([text("Real #kept")]));
    const del = await w.owner.from("note_tags").delete().eq("note_id", id).select();
    expect(del.status).toBe(403);
    const other = await w.other
      .from("note_tags")
      .insert({ note_id: id, user_id: w.otherId, tag: "forged" });
    expect(other.status).toBe(403);
    expect(await tagsOf(id)).toEqual(["kept"]);
  });

  it("only the server writes derived tags and links", async () => {
    const id = await newNote(w.owner);
    const args = {
      note_id: id,
      title: "t",
      body: "",
      from_version: 0,
      from_updates: 99,
      tags: ["forged"],
      links: [],
    };
    for (const client of [w.owner, w.other, w.anon]) {
      const res = await client.rpc("write_note_derived", args);
      expect(res.error).not.toBeNull();
      expect([401, 403, 404]).toContain(res.status);
    }
    expect((await w.service.rpc("write_note_derived", args)).data).toBe(true);
    expect(await tagsOf(id)).toEqual(["forged"]);
    // An older state changes nothing: the text, tags and links stay as the newer one wrote them.
    const older = await w.service.rpc("write_note_derived", {
      ...args,
      from_updates: 1,
      tags: ["older"],
    });
    expect(older.data).toBe(false);
    expect(await tagsOf(id)).toEqual(["forged"]);
  });
});
