import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";

import { fromBytea } from "@/lib/notes/bytea";
import type { NotesWorld } from "./notes-support";
import { newNote, noteDoc, saveDoc, startTagsWorld, text } from "./tags-support";

let w: NotesWorld;
beforeAll(async () => {
  w = await startTagsWorld();
});
afterAll(() => w?.t.stop());

const rename = async (from: string, to: string, client = w.owner, userId = w.ownerId) => {
  const { renameTagInNotes } = await import("@/lib/tags/rename");
  return renameTagInNotes(client, userId, from, to);
};

const tagsOf = async (id: string) =>
  ((await w.service.from("note_tags").select("tag").eq("note_id", id).order("tag")).data ?? []).map(
    (r) => r.tag,
  );

/** What another device holding the note receives: every update stored since it last looked. */
async function catchUp(doc: Y.Doc, id: string) {
  const { data } = await w.owner.rpc("note_state", { note_id: id }).single();
  for (const update of data!.updates) Y.applyUpdate(doc, fromBytea(update));
}

const plain = (doc: Y.Doc) =>
  doc
    .getXmlFragment("default")
    .toArray()
    .map((p) =>
      (p as Y.XmlElement)
        .toArray()
        .map((t) => (t as Y.XmlText).toString())
        .join(""),
    )
    .join("\n");

describe("renaming a tag rewrites it in every note, as edits to each document", () => {
  it("rewrites #tag and its sub-tags, keeps code and other tags, and the tags follow", async () => {
    const a = await newNote(w.owner);
    await saveDoc(
      w.owner,
      w.ownerId,
      a,
      noteDoc(
        [text("Plan #Work and #work/Q3 but not #workshop")],
        [text("#other "), { type: "text", text: "#work", marks: [{ type: "code" }] }],
      ),
    );
    const b = await newNote(w.owner);
    await saveDoc(w.owner, w.ownerId, b, noteDoc([text("Notes #work/q3/ideas")]));

    expect(await rename("work", "job")).toEqual({ notes: 2, skipped: 0 });
    expect(await tagsOf(a)).toEqual(["job", "job/q3", "other", "workshop"]);
    expect(await tagsOf(b)).toEqual(["job/q3/ideas"]);
    const { data } = await w.owner.from("notes").select("title, body").eq("id", a).single();
    expect(data?.title).toBe("Plan #job and #job/Q3 but not #workshop");
    expect(data?.body).toBe("#other `#work`");
  });

  it("an edit made meanwhile on a device with the note open survives, and that device gets the rename", async () => {
    const id = await newNote(w.owner);
    const laptop = noteDoc([text("Shopping #errands today")]);
    await saveDoc(w.owner, w.ownerId, id, laptop);

    // The phone has the note open and types at the end while the rename runs elsewhere.
    const phone = new Y.Doc();
    Y.applyUpdate(phone, Y.encodeStateAsUpdate(laptop));
    const before = Y.encodeStateVector(phone);
    const line = (phone.getXmlFragment("default").get(0) as Y.XmlElement).get(0) as Y.XmlText;
    line.insert(line.length, " and milk");

    expect(await rename("errands", "chores")).toEqual({ notes: 1, skipped: 0 });

    // The phone's edit reaches the server after the rename, as any update does.
    const { storeNoteUpdate } = await import("@/lib/notes/store-update");
    const stored = await storeNoteUpdate(
      w.owner,
      w.ownerId,
      id,
      Y.encodeStateAsUpdate(phone, before),
      "test",
    );
    expect(stored.ok).toBe(true);
    await catchUp(phone, id);

    expect(plain(phone)).toBe("Shopping #chores today and milk");
    const { data } = await w.owner.from("notes").select("title").eq("id", id).single();
    expect(data?.title).toBe("Shopping #chores today and milk");
    expect(await tagsOf(id)).toEqual(["chores"]);
  });

  it("touches only the caller's own notes", async () => {
    const mine = await newNote(w.owner);
    await saveDoc(w.owner, w.ownerId, mine, noteDoc([text("Mine #shared-name")]));
    const theirs = await newNote(w.other);
    await saveDoc(w.other, w.otherId, theirs, noteDoc([text("Theirs #shared-name")]));

    expect(await rename("shared-name", "renamed")).toEqual({ notes: 1, skipped: 0 });
    expect(await tagsOf(mine)).toEqual(["renamed"]);
    expect(await tagsOf(theirs)).toEqual(["shared-name"]);
  });
});
