import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as Y from "yjs";

import type { NotesWorld } from "./notes-support";
import { link, newNote, noteDoc, saveDoc, startTagsWorld, text } from "./tags-support";

let w: NotesWorld;
beforeAll(async () => {
  w = await startTagsWorld();
});
afterAll(() => w?.t.stop());

async function note(client = w.owner, userId = w.ownerId, ...lines: Parameters<typeof noteDoc>) {
  const id = await newNote(client);
  const doc = noteDoc(...lines);
  await saveDoc(client, userId, id, doc);
  return { id, doc };
}

const sources = (rows: { source_id: string; context: string }[] | null) =>
  (rows ?? []).map((r) => ({ source: r.source_id, context: r.context }));

describe("backlinks, derived by the server from each note's links", () => {
  it("lists the notes linking by id or by [[Title]], with the sentence around each link", async () => {
    const target = await note(w.owner, w.ownerId, [text("Lisbon trip")], [text("Pack light.")]);
    const byId = await note(
      w.owner,
      w.ownerId,
      [text("Budget")],
      [text("Flights first. See "), link(target.id, "Lisbon trip"), text(" for dates. Done.")],
    );
    const byTitle = await note(
      w.owner,
      w.ownerId,
      [text("Packing")],
      [text("Same as [[lisbon TRIP]] list.")],
    );
    const mention = await note(
      w.owner,
      w.ownerId,
      [text("Diary")],
      [text("Talked about the Lisbon trip today.")],
    );

    const back = await w.owner.rpc("note_backlinks", { note_id: target.id });
    expect(back.error).toBeNull();
    expect(sources(back.data).sort((a, b) => a.source.localeCompare(b.source))).toEqual(
      [
        { source: byId.id, context: "See [[Lisbon trip]] for dates." },
        { source: byTitle.id, context: "Same as [[lisbon TRIP]] list." },
      ].sort((a, b) => a.source.localeCompare(b.source)),
    );

    const unlinked = await w.owner.rpc("note_unlinked_mentions", { note_id: target.id });
    expect(unlinked.data?.map((r) => r.source_id)).toEqual([mention.id]);
    expect(unlinked.data?.[0].context).toContain("Lisbon trip");

    // The page reads both lists in one call: the same rows, each list in its own order.
    const both = await w.owner.rpc("note_mentions", { note_id: target.id });
    expect(both.error).toBeNull();
    const strip = ({
      source_id,
      source_title,
      context,
    }: {
      source_id: string;
      source_title: string;
      context: string;
    }) => ({ source_id, source_title, context });
    expect(both.data?.filter((r) => r.linked).map(strip)).toEqual(back.data?.map(strip));
    expect(both.data?.filter((r) => !r.linked).map(strip)).toEqual(unlinked.data?.map(strip));
    expect(both.data?.map((r) => r.linked)).toEqual([true, true, false]);

    // The target is renamed: the link by id still finds it, the one by the old title does not.
    const title = (target.doc.getXmlFragment("default").get(0) as Y.XmlElement).get(0) as Y.XmlText;
    title.delete(7, 4);
    title.insert(7, "2027");
    await saveDoc(w.owner, w.ownerId, target.id, target.doc);
    const after = await w.owner.rpc("note_backlinks", { note_id: target.id });
    expect(after.data?.map((r) => r.source_id)).toEqual([byId.id]);
  });

  it("an unlinked mention is the title as written, whatever its case or accents, `%` and `_` included", async () => {
    const sale = await note(w.owner, w.ownerId, [text("Café 50% off_list")]);
    const named = await note(
      w.owner,
      w.ownerId,
      [text("Errands")],
      [text("Check the CAFÉ 50% OFF_LIST before Friday.")],
    );
    // Would match were `%` a wildcard ("50" then anything), or accents dropped: not the title.
    await note(w.owner, w.ownerId, [text("Lookalike")], [text("cafe 50 percent offXlist")]);
    await note(w.owner, w.ownerId, [text("Close")], [text("Café 500% off_list")]);
    const trashed = await note(w.owner, w.ownerId, [text("Old")], [text("café 50% off_list")]);
    await w.owner
      .from("notes")
      .update({ deleted_at: new Date().toISOString() })
      .eq("id", trashed.id);
    // Another person's note naming it is never theirs to see.
    await note(w.other, w.otherId, [text("Theirs")], [text("Café 50% off_list")]);

    const unlinked = await w.owner.rpc("note_unlinked_mentions", { note_id: sale.id });
    expect(unlinked.error).toBeNull();
    expect(unlinked.data?.map((r) => r.source_id)).toEqual([named.id]);
    expect(unlinked.data?.[0].context).toContain("CAFÉ 50% OFF");
  });

  it("a [[Title]] written before its note exists links to it once it does", async () => {
    const early = await note(
      w.owner,
      w.ownerId,
      [text("Ideas")],
      [text("Later: [[Garden shed]].")],
    );
    const shed = await note(w.owner, w.ownerId, [text("Garden shed")]);
    const back = await w.owner.rpc("note_backlinks", { note_id: shed.id });
    expect(back.data?.map((r) => r.source_id)).toEqual([early.id]);
  });
});

describe("links RLS: owner, another person, anon, service role", () => {
  it("only the owner reads a note's links and backlinks", async () => {
    const target = await note(w.owner, w.ownerId, [text("Private plan")]);
    const source = await note(
      w.owner,
      w.ownerId,
      [text("Index")],
      [link(target.id, "Private plan")],
    );

    const own = await w.owner.from("note_links").select("target_id").eq("source_id", source.id);
    expect(own.data).toEqual([{ target_id: target.id }]);
    expect((await w.other.from("note_links").select("id").eq("source_id", source.id)).data).toEqual(
      [],
    );
    expect((await w.anon.from("note_links").select("id")).status).toBe(401);
    const served = await w.service.from("note_links").select("id").eq("source_id", source.id);
    expect(served.data).toHaveLength(1);

    expect((await w.other.rpc("note_backlinks", { note_id: target.id })).data).toEqual([]);
    expect((await w.other.rpc("note_unlinked_mentions", { note_id: target.id })).data).toEqual([]);
    expect((await w.anon.rpc("note_backlinks", { note_id: target.id })).status).toBe(401);
    expect((await w.owner.rpc("note_mentions", { note_id: target.id })).data).toEqual([
      expect.objectContaining({ linked: true, source_id: source.id, source_title: "Index" }),
    ]);
    expect((await w.other.rpc("note_mentions", { note_id: target.id })).data).toEqual([]);
    expect((await w.anon.rpc("note_mentions", { note_id: target.id })).status).toBe(401);
    // The service role is no person: it has no notes of its own to be linked from.
    const service = await w.service.rpc("note_mentions", { note_id: target.id });
    expect(service.error).toBeNull();
    expect(service.data).toEqual([]);

    const forged = await w.owner.from("note_links").insert({
      source_id: source.id,
      user_id: w.ownerId,
      target_title: "x",
      context: "",
      position: 9,
    });
    expect(forged.status).toBe(403);
  });

  it("a link naming someone else's note by id neither reaches it nor reveals it", async () => {
    const theirs = await note(w.other, w.otherId, [text("Their secret")]);
    const mine = await note(w.owner, w.ownerId, [text("Mine")], [link(theirs.id, "Their secret")]);
    const row = await w.owner.from("note_links").select("target_id").eq("source_id", mine.id);
    expect(row.data).toEqual([{ target_id: null }]);
    expect((await w.other.rpc("note_backlinks", { note_id: theirs.id })).data).toEqual([]);
  });
});

describe("links on the share page", () => {
  it("names the share page of a linked note only while that note is shared too", async () => {
    const target = await note(w.owner, w.ownerId, [text("Public recipe")]);
    const hidden = await note(w.owner, w.ownerId, [text("Hidden recipe")]);
    const source = await note(
      w.owner,
      w.ownerId,
      [text("Menu")],
      [link(target.id, "Public recipe"), text(" and [[Hidden recipe]]")],
    );
    const share = async (id: string) => (await w.owner.rpc("share_note", { note_id: id })).data!;
    const sourceSlug = await share(source.id);
    expect(sourceSlug).toBeTruthy();
    expect((await w.anon.rpc("shared_note_links", { slug: sourceSlug })).data).toEqual([]);

    const targetSlug = await share(target.id);
    const links = await w.anon.rpc("shared_note_links", { slug: sourceSlug });
    expect(links.data).toEqual([{ title: "Public recipe", target_slug: targetSlug }]);
    expect(hidden.id).toBeTruthy();

    await w.owner.rpc("unshare_note", { note_id: target.id });
    expect((await w.anon.rpc("shared_note_links", { slug: sourceSlug })).data).toEqual([]);
    expect((await w.anon.rpc("shared_note_links", { slug: "not a slug" })).data).toEqual([]);
  });

  it("hands a share page its note and the links to shared notes in one call, to anyone holding the link", async () => {
    const target = await note(w.owner, w.ownerId, [text("Soup")]);
    const hidden = await note(w.owner, w.ownerId, [text("Stew")]);
    const source = await note(
      w.owner,
      w.ownerId,
      [text("Dinner")],
      [link(target.id, "Soup"), text(" then [[Stew]]")],
    );
    const share = async (id: string) => (await w.owner.rpc("share_note", { note_id: id })).data!;
    const sourceSlug = await share(source.id);
    const page = (client: typeof w.anon) => client.rpc("shared_note_page", { slug: sourceSlug });

    const alone = await page(w.anon);
    expect(alone.error).toBeNull();
    expect(alone.data).toHaveLength(1);
    expect(alone.data![0]).toMatchObject({ title: "Dinner", indexable: false, links: [] });
    expect(alone.data![0].body).toContain("[[Stew]]");

    const targetSlug = await share(target.id);
    const links = [{ title: "Soup", target_slug: targetSlug }];
    // The visitor, the owner, another person and the service role all see the same page.
    for (const client of [w.anon, w.owner, w.other, w.service]) {
      const { data, error } = await page(client);
      expect(error).toBeNull();
      expect(data).toHaveLength(1);
      expect(data![0]).toMatchObject({ title: "Dinner", links });
    }
    // Exactly what shared_note() says of the note, plus the links.
    const { links: _links, ...shown } = (await page(w.anon)).data![0];
    expect([shown]).toEqual((await w.anon.rpc("shared_note", { slug: sourceSlug })).data);
    expect(hidden.id).toBeTruthy();

    await w.owner.rpc("unshare_note", { note_id: target.id });
    expect((await page(w.anon)).data![0].links).toEqual([]);
    await w.owner.rpc("unshare_note", { note_id: source.id });
    expect((await page(w.anon)).data).toEqual([]);
    expect((await w.anon.rpc("shared_note_page", { slug: "not a slug" })).data).toEqual([]);
    // Nothing more than that: no note id, no owner.
    expect(Object.keys(alone.data![0]).sort()).toEqual(
      ["author_name", "body", "indexable", "links", "title", "updated_at"].sort(),
    );
  });
});
