import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as Y from "yjs";

import { signedInUser, type NotesWorld } from "./notes-support";
import { newNote, noteDoc, saveDoc, startTagsWorld, text } from "./tags-support";

let w: NotesWorld;
beforeAll(async () => {
  w = await startTagsWorld();
});
afterAll(() => w?.t.stop());

/** The owner's tag tree as the sidebar reads it, as { path: count }. */
async function tree(client = w.owner): Promise<Record<string, number>> {
  const { data, error } = await client.rpc("tag_tree");
  if (error) throw new Error(error.message);
  return Object.fromEntries(data.map((r) => [r.tag, r.note_count]));
}

/**
 * The tree counted from the tags themselves: each tag path (a tag and its parents) with the
 * number of distinct notes outside the Trash that carry it or a sub-tag, for one person.
 */
async function recount(userId = w.ownerId): Promise<Record<string, number>> {
  const tags = await w.service.from("note_tags").select("note_id, tag").eq("user_id", userId);
  const live = await w.service
    .from("notes")
    .select("id")
    .eq("owner_id", userId)
    .is("deleted_at", null);
  const alive = new Set(live.data!.map((n) => n.id));
  const notes = new Map<string, Set<string>>();
  for (const { note_id, tag } of tags.data!) {
    if (!alive.has(note_id)) continue;
    const parts = tag.split("/");
    for (let i = 1; i <= parts.length; i++) {
      const path = parts.slice(0, i).join("/");
      notes.set(path, (notes.get(path) ?? new Set()).add(note_id));
    }
  }
  return Object.fromEntries([...notes].sort().map(([path, ids]) => [path, ids.size]));
}

/** The tree, checked against a count from the tags, limited to paths under `root`. */
async function treeUnder(root: string): Promise<Record<string, number>> {
  const [kept, counted] = [await tree(), await recount()];
  expect(kept).toEqual(counted);
  return Object.fromEntries(
    Object.entries(kept).filter(([path]) => path === root || path.startsWith(`${root}/`)),
  );
}

/** Replaces the text of a one-paragraph document, as an edit to it. */
function retext(doc: Y.Doc, value: string): Y.Doc {
  const line = (doc.getXmlFragment("default").get(0) as Y.XmlElement).get(0) as Y.XmlText;
  line.delete(0, line.length);
  line.insert(0, value);
  return doc;
}

const trash = (id: string) =>
  w.owner.from("notes").update({ deleted_at: new Date().toISOString() }).eq("id", id);
const restore = (id: string) => w.owner.from("notes").update({ deleted_at: null }).eq("id", id);

describe("the tag tree's counts follow every change to a note's tags", () => {
  it("through saves, edits, the Trash and back, deletes, renames and imports", async () => {
    const [a, b, c] = [await newNote(w.owner), await newNote(w.owner), await newNote(w.owner)];
    const [docA, docC] = [noteDoc([text("A #proj/alpha #proj/beta")]), noteDoc([text("C")])];
    await saveDoc(w.owner, w.ownerId, a, docA);
    await saveDoc(w.owner, w.ownerId, b, noteDoc([text("B #proj")]));
    await saveDoc(w.owner, w.ownerId, c, retext(docC, "C #proj/alpha and #Proj/Alpha again"));
    // A carries two sub-tags of proj and counts once in it.
    expect(await treeUnder("proj")).toEqual({ proj: 3, "proj/alpha": 2, "proj/beta": 1 });

    // Saving the same tags again changes nothing; an edit moves A from beta to gamma.
    await saveDoc(w.owner, w.ownerId, a, retext(docA, "A #proj/beta #proj/alpha"));
    expect(await treeUnder("proj")).toEqual({ proj: 3, "proj/alpha": 2, "proj/beta": 1 });
    await saveDoc(w.owner, w.ownerId, a, retext(docA, "A #proj/gamma/deep"));
    expect(await treeUnder("proj")).toEqual({
      proj: 3,
      "proj/alpha": 1,
      "proj/gamma": 1,
      "proj/gamma/deep": 1,
    });

    // To the Trash and back; a note edited while in the Trash counts with its new tags.
    expect((await trash(c)).error).toBeNull();
    expect(await treeUnder("proj")).toEqual({ proj: 2, "proj/gamma": 1, "proj/gamma/deep": 1 });
    await saveDoc(w.owner, w.ownerId, c, retext(docC, "C #proj/beta"));
    expect(await treeUnder("proj")).toEqual({ proj: 2, "proj/gamma": 1, "proj/gamma/deep": 1 });
    expect((await restore(c)).error).toBeNull();
    expect(await treeUnder("proj")).toEqual({
      proj: 3,
      "proj/beta": 1,
      "proj/gamma": 1,
      "proj/gamma/deep": 1,
    });

    // Deleted outside the Trash, and deleted from the Trash: each leaves the counts once.
    expect((await w.owner.from("notes").delete().eq("id", b)).error).toBeNull();
    expect(await treeUnder("proj")).toEqual({
      proj: 2,
      "proj/beta": 1,
      "proj/gamma": 1,
      "proj/gamma/deep": 1,
    });
    expect((await trash(a)).error).toBeNull();
    expect((await w.owner.from("notes").delete().eq("id", a)).error).toBeNull();
    expect(await treeUnder("proj")).toEqual({ proj: 1, "proj/beta": 1 });

    // A rename rewrites the notes' text, and the counts follow the derived tags.
    const d = await newNote(w.owner);
    await saveDoc(w.owner, w.ownerId, d, noteDoc([text("D #proj/beta/x #side")]));
    const { renameTagInNotes } = await import("@/lib/tags/rename");
    expect(await renameTagInNotes(w.owner, w.ownerId, "proj", "work")).toEqual({
      notes: 2,
      skipped: 0,
    });
    expect(await treeUnder("proj")).toEqual({});
    expect(await treeUnder("work")).toEqual({ work: 2, "work/beta": 2, "work/beta/x": 1 });

    // Tags written straight into the table, as an import or a backfill writes them: many notes
    // in one statement, duplicates ignored, then some removed and one changed in place.
    const imported = await Promise.all(Array.from({ length: 6 }, () => newNote(w.owner)));
    const rows = imported.flatMap((id, i) => [
      { note_id: id, user_id: w.ownerId, tag: `bulk/t${i % 3}` },
      { note_id: id, user_id: w.ownerId, tag: "bulk" },
    ]);
    expect((await w.service.from("note_tags").insert(rows)).error).toBeNull();
    const again = await w.service.from("note_tags").upsert(rows, { ignoreDuplicates: true });
    expect(again.error).toBeNull();
    expect(await treeUnder("bulk")).toEqual({ bulk: 6, "bulk/t0": 2, "bulk/t1": 2, "bulk/t2": 2 });
    const removed = await w.service
      .from("note_tags")
      .delete()
      .in("note_id", imported.slice(0, 3))
      .eq("tag", "bulk");
    expect(removed.error).toBeNull();
    // Notes 0-2 still count in bulk through their sub-tags.
    expect(await treeUnder("bulk")).toEqual({ bulk: 6, "bulk/t0": 2, "bulk/t1": 2, "bulk/t2": 2 });
    const moved = await w.service
      .from("note_tags")
      .update({ tag: "bulk/t9" })
      .eq("note_id", imported[0])
      .eq("tag", "bulk/t0");
    expect(moved.error).toBeNull();
    expect(await treeUnder("bulk")).toEqual({
      bulk: 6,
      "bulk/t0": 1,
      "bulk/t1": 2,
      "bulk/t2": 2,
      "bulk/t9": 1,
    });
    const dropped = await w.service.from("note_tags").delete().in("note_id", imported.slice(0, 3));
    expect(dropped.error).toBeNull();
    expect(await treeUnder("bulk")).toEqual({ bulk: 3, "bulk/t0": 1, "bulk/t1": 1, "bulk/t2": 1 });
  });

  it("a person with tagged notes can still be deleted, and their counts go with them", async () => {
    const gone = await signedInUser(w.t);
    const id = await newNote(gone.client);
    await saveDoc(gone.client, gone.id, id, noteDoc([text("Leaving #bye/now")]));
    expect(await tree(gone.client)).toEqual({ bye: 1, "bye/now": 1 });
    const deleted = await w.service.auth.admin.deleteUser(gone.id);
    expect(deleted.error).toBeNull();
    const left = await w.service.from("tag_counts").select("tag").eq("user_id", gone.id);
    expect(left.data).toEqual([]);
  });
});

describe("tag_counts RLS: owner, another person, anon, service role", () => {
  it("the owner reads their own counts, nobody else's, and no device writes them", async () => {
    const id = await newNote(w.owner);
    await saveDoc(w.owner, w.ownerId, id, noteDoc([text("Private #secret/plan")]));
    const mine = await w.owner.from("tag_counts").select("tag, note_count").like("tag", "secret%");
    expect(mine.data).toEqual([
      { tag: "secret", note_count: 1 },
      { tag: "secret/plan", note_count: 1 },
    ]);

    const theirs = await w.other.from("tag_counts").select("tag").eq("user_id", w.ownerId);
    expect(theirs.error).toBeNull();
    expect(theirs.data).toEqual([]);
    expect((await tree(w.other)).secret).toBeUndefined();
    const anon = await w.anon.from("tag_counts").select("tag");
    expect(anon.status).toBe(401);
    const service = await w.service
      .from("tag_counts")
      .select("tag, note_count")
      .eq("user_id", w.ownerId)
      .eq("tag", "secret");
    expect(service.data).toEqual([{ tag: "secret", note_count: 1 }]);
    // The service role has no session: its tag tree is empty, as before.
    expect((await w.service.rpc("tag_tree")).data).toEqual([]);

    for (const client of [w.owner, w.other]) {
      const insert = await client
        .from("tag_counts")
        .insert({ user_id: w.ownerId, tag: "forged", note_count: 5 });
      expect(insert.status).toBe(403);
      expect(insert.error?.code).toBe("42501");
      const update = await client
        .from("tag_counts")
        .update({ note_count: 99 })
        .eq("user_id", w.ownerId)
        .select();
      expect(update.status).toBe(403);
      const del = await client.from("tag_counts").delete().eq("user_id", w.ownerId).select();
      expect(del.status).toBe(403);
    }
    expect(
      (await w.anon.from("tag_counts").insert({ user_id: w.ownerId, tag: "x", note_count: 1 }))
        .status,
    ).toBe(401);
    expect((await tree()).secret).toBe(1);

    // The functions that keep the counts are the database's own.
    for (const client of [w.owner, w.other, w.anon]) {
      const res = await client.rpc("tag_counts_add", {
        users: [w.ownerId],
        tags: ["secret"],
        deltas: [10],
      });
      expect(res.error).not.toBeNull();
    }
    expect((await tree()).secret).toBe(1);
  });
});
