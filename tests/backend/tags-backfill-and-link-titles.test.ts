import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as Y from "yjs";

import { backfillNoteRefs } from "@/lib/tags/backfill";
import type { NotesWorld } from "./notes-support";
import { link, newNote, noteDoc, saveDoc, startTagsWorld, text } from "./tags-support";

let w: NotesWorld;
beforeAll(async () => {
  w = await startTagsWorld();
});
afterAll(() => w?.t.stop());

/** A note as it was stored before tags and links were read from text: only its title and body. */
async function olderNote(ownerId: string, title: string, body: string): Promise<string> {
  const { data, error } = await w.service
    .from("notes")
    .insert({ owner_id: ownerId, title, body })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  return data.id;
}

const tree = async (client = w.owner) =>
  Object.fromEntries(((await client.rpc("tag_tree")).data ?? []).map((r) => [r.tag, r.note_count]));

describe("notes written before tags and links were read from text get theirs once", () => {
  it("reads #tags and [[links]] as the editor does (not in code), for everyone, and only once", async () => {
    const target = await olderNote(w.ownerId, "Packing list", "Socks.");
    const old = await olderNote(
      w.ownerId,
      "Garden #plans",
      "Seeds for #home/garden, see [[Packing list]].\n\n`#notatag` and https://x.test/#frag\n\n```\n#incode\n```",
    );
    const plain = await olderNote(w.ownerId, "C# notes", "Nothing tagged in C# here.");
    const others = await olderNote(w.otherId, "Standup", "Agenda #work");
    expect(await tree()).toEqual({});

    const first = await backfillNoteRefs(w.service);
    expect(first.written).toBeGreaterThanOrEqual(2);
    expect(await tree()).toEqual({ home: 1, "home/garden": 1, plans: 1 });
    expect(await tree(w.other)).toEqual({ work: 1 });
    const back = await w.owner.rpc("note_backlinks", { note_id: target });
    expect(back.data?.map((r) => [r.source_id, r.context])).toEqual([
      [old, "Seeds for #home/garden, see [[Packing list]]."],
    ]);
    const tagged = await w.owner.rpc("notes_with_tag", { tag: "home" });
    expect(tagged.data?.map((r) => r.id)).toEqual([old]);
    expect((await w.owner.rpc("notes_with_tag", { tag: "notatag" })).data).toEqual([]);
    expect((await w.owner.rpc("notes_with_tag", { tag: "incode" })).data).toEqual([]);
    void plain;
    void others;

    // Run again, nothing changes: only notes with no tag or link are read.
    const again = await backfillNoteRefs(w.service);
    expect(again.written).toBe(0);
    expect(await tree()).toEqual({ home: 1, "home/garden": 1, plans: 1 });
  });

  it("leaves a note the server derived from its document as it is", async () => {
    const id = await newNote(w.owner);
    await saveDoc(w.owner, w.ownerId, id, noteDoc([text("Derived")], [text("A #fresh tag")]));
    const wrote = await w.service.rpc("write_note_refs", {
      note_id: id,
      title: "Derived",
      body: "A #fresh tag",
      tags: ["stale"],
      links: [],
    });
    expect(wrote.data).toBe(false);
    expect((await tree())["fresh"]).toBe(1);
    expect((await tree())["stale"]).toBeUndefined();
  });

  it("is the server's alone: signed-in people and visitors cannot list or write", async () => {
    for (const client of [w.owner, w.anon]) {
      const listed = await client.rpc("notes_lacking_refs", {});
      expect(listed.error?.code).toBe("42501");
      const wrote = await client.rpc("write_note_refs", {
        note_id: "00000000-0000-4000-8000-000000000001",
        title: "",
        body: "",
        tags: ["x"],
        links: [],
      });
      expect(wrote.error?.code).toBe("42501");
      const relabeled = await client.rpc("relabel_note_links", {
        note_id: "00000000-0000-4000-8000-000000000001",
      });
      expect(relabeled.error?.code).toBe("42501");
    }
  });
});

describe("a link to a note by id names it as it is called now", () => {
  it("after the target's rename, the linking note's body and shared links read the new title", async () => {
    const targetId = await newNote(w.owner);
    const targetDoc = noteDoc([text("Lisbon trip")], [text("Pack light.")]);
    await saveDoc(w.owner, w.ownerId, targetId, targetDoc);
    const sourceId = await newNote(w.owner);
    const sourceDoc = noteDoc(
      [text("Budget")],
      [text("See "), link(targetId, "Lisbon trip"), text(" and [[Lisbon trip]] typed.")],
    );
    await saveDoc(w.owner, w.ownerId, sourceId, sourceDoc);
    const body = async () =>
      (await w.owner.from("notes").select("body").eq("id", sourceId).single()).data?.body;
    expect(await body()).toContain("See [[Lisbon trip]] and");

    // The target is renamed on its own device; the linking note is not touched.
    const title = (targetDoc.getXmlFragment("default").get(0) as Y.XmlElement).get(0) as Y.XmlText;
    title.delete(0, 6);
    title.insert(0, "Porto");
    await saveDoc(w.owner, w.ownerId, targetId, targetDoc);
    expect(await body()).toContain("See [[Porto trip]] and");
    const back = await w.owner.rpc("note_backlinks", { note_id: targetId });
    expect(back.data?.map((r) => r.source_id)).toEqual([sourceId]);

    // Its share page links the new title to the target's page once both are shared.
    for (const id of [sourceId, targetId])
      expect(
        (
          await w.service
            .from("notes")
            .update({ share_slug: `slug${id.replaceAll("-", "")}` })
            .eq("id", id)
        ).error,
      ).toBeNull();
    const shared = await w.anon.rpc("shared_note_links", {
      slug: `slug${sourceId.replaceAll("-", "")}`,
    });
    expect(shared.data).toEqual([
      { title: "Porto trip", target_slug: `slug${targetId.replaceAll("-", "")}` },
    ]);

    // The linking note's next save reads the current title too, from its own document.
    const para = (sourceDoc.getXmlFragment("default").get(1) as Y.XmlElement).get(2) as Y.XmlText;
    para.insert(0, " also");
    await saveDoc(w.owner, w.ownerId, sourceId, sourceDoc);
    expect(await body()).toContain("See [[Porto trip]] also and [[Lisbon trip]] typed.");
  });
});
