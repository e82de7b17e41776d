import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as Y from "yjs";
import { collector, realtimeClient, sleep } from "@groundwork/local-backend/testing/realtime";

import type { NotesWorld } from "./notes-support";
import { newNote, noteDoc, saveDoc, startTagsWorld, text } from "./tags-support";

// A person's open pages read their tag tree again when the server says it changed ('tags' on
// their private notes topic), not after every change to any note: a note being typed in is stored
// twice a second, and its tags seldom change.

type Heard = { event: string; payload: Record<string, unknown> };

let w: NotesWorld;
const clients: SupabaseClient[] = [];
beforeAll(async () => {
  w = await startTagsWorld();
}, 180_000);
afterAll(async () => {
  for (const c of clients) await c.removeAllChannels();
  await w?.t.stop();
});

async function listen(topicOwner: string, who: string) {
  const client = await realtimeClient(w.t, { sub: who });
  clients.push(client);
  const heard = collector<Heard>();
  const ch = client
    .channel(`notes:${topicOwner}`, { config: { private: true } })
    .on("broadcast", { event: "*" }, (m) => heard.push(m as never));
  await new Promise<void>((resolve, reject) =>
    ch.subscribe((s) => {
      if (s === "SUBSCRIBED") resolve();
      else if (s !== "CLOSED") reject(new Error(s));
    }),
  );
  return heard;
}

const events = (heard: { items: Heard[] }, from: number) =>
  heard.items.slice(from).map((h) => h.event);

/** The first paragraph's text of a note's document, to type in. */
const firstLine = (doc: Y.Doc) =>
  (doc.getXmlFragment("default").get(0) as Y.XmlElement).get(0) as Y.XmlText;

describe("the tag tree's changes on the owner's notes topic", () => {
  it("are told when tags are gained, lost or trashed, and not when a note is saved with the same tags", async () => {
    const heard = await listen(w.ownerId, w.ownerId);
    const others = await listen(w.otherId, w.otherId);
    const id = await newNote(w.owner);
    const doc = noteDoc([text("Trip #travel")]);

    let from = heard.items.length;
    await saveDoc(w.owner, w.ownerId, id, doc);
    await heard.until(from + 2);
    await sleep(300);
    expect(events(heard, from)).toContain("tags");
    expect((await w.owner.rpc("tag_tree")).data).toEqual([{ tag: "travel", note_count: 1 }]);

    // Typed in, tags the same: the note's change is told, the tags' is not.
    from = heard.items.length;
    firstLine(doc).insert(4, " to Lisbon");
    await saveDoc(w.owner, w.ownerId, id, doc);
    await heard.until(from + 1);
    await sleep(500);
    expect(events(heard, from)).toEqual(["update"]);

    // A tag gained, then one lost.
    from = heard.items.length;
    firstLine(doc).insert(firstLine(doc).length, " #work");
    await saveDoc(w.owner, w.ownerId, id, doc);
    await sleep(500);
    expect(events(heard, from)).toContain("tags");
    expect((await w.owner.rpc("tag_tree")).data).toEqual([
      { tag: "travel", note_count: 1 },
      { tag: "work", note_count: 1 },
    ]);
    from = heard.items.length;
    const line = firstLine(doc);
    line.delete(line.toString().indexOf(" #travel"), " #travel".length);
    await saveDoc(w.owner, w.ownerId, id, doc);
    await sleep(500);
    expect(events(heard, from)).toContain("tags");
    expect((await w.owner.rpc("tag_tree")).data).toEqual([{ tag: "work", note_count: 1 }]);

    // To the Trash: the tree loses it.
    from = heard.items.length;
    await w.owner.from("notes").update({ deleted_at: new Date().toISOString() }).eq("id", id);
    await sleep(500);
    expect(events(heard, from)).toContain("tags");
    expect((await w.owner.rpc("tag_tree")).data).toEqual([]);

    // Nobody else hears any of it.
    expect(others.items).toEqual([]);
  });
});
