import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { readEveryTitle, readTitlesSince } from "@/lib/search/device-titles";

import { recordingClient, startNotesWorld, type NotesWorld } from "./notes-support";

let w: NotesWorld;
let mine: string[];
let sharedWithMe: string;
let notShared: string;
beforeAll(async () => {
  w = await startNotesWorld();
  const made = await w.owner
    .from("notes")
    .insert([{ title: "Garden plan" }, { title: "Recipes" }, { title: "To trash" }])
    .select("id");
  expect(made.error).toBeNull();
  mine = made.data!.map((n) => n.id);
  const theirs = await w.other
    .from("notes")
    .insert([{ title: "Shared trip" }, { title: "Private diary" }])
    .select("id");
  expect(theirs.error).toBeNull();
  [sharedWithMe, notShared] = theirs.data!.map((n) => n.id);
  const shared = await w.other
    .from("note_members")
    .insert({ note_id: sharedWithMe, user_id: w.ownerId, role: "viewer" });
  expect(shared.error).toBeNull();
});
afterAll(() => w?.t.stop());

describe("the titles a device keeps for finding notes offline", () => {
  it("the full read holds the person's notes and those shared with them, no one else's", async () => {
    const { client, requests: queries } = await recordingClient(w.t, w.owner);
    const every = await readEveryTitle(client, w.ownerId);
    expect(every?.map((t) => t.title).sort()).toEqual([
      "Garden plan",
      "Recipes",
      "Shared trip",
      "To trash",
    ]);
    expect(every?.find((t) => t.id === sharedWithMe)?.title).toBe("Shared trip");
    expect(every?.some((t) => t.id === notShared)).toBe(false);
    // The list's view is read by owner: through their index, not every person's notes.
    const tableReads = queries.filter((q) => q.startsWith("/rest/v1/note_list"));
    expect(tableReads.length).toBeGreaterThan(0);
    for (const q of tableReads) expect(q).toContain(`owner_id=eq.${w.ownerId}`);
  });

  it("the read since the newest kept brings edits and says which notes went to Trash since", async () => {
    const since = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // A note's text is written by the server from its document: as the service role here.
    const renamed = await w.service.from("notes").update({ body: "edited" }).eq("id", mine[0]);
    expect(renamed.error).toBeNull();
    // Moved to Trash, which keeps the note's last edit time: the move itself must be seen.
    const trashed = await w.owner
      .from("notes")
      .update({ deleted_at: new Date().toISOString() })
      .eq("id", mine[2]);
    expect(trashed.error).toBeNull();

    const { client, requests: queries } = await recordingClient(w.t, w.owner);
    const changed = await readTitlesSince(client, w.ownerId, since);
    expect(changed?.whole).toBe(true);
    expect(changed?.kept.map((t) => t.id)).toContain(mine[0]);
    expect(changed?.kept.map((t) => t.id)).not.toContain(mine[1]);
    expect(changed?.gone).toEqual([mine[2]]);
    expect(queries).toHaveLength(1);
    expect(queries[0]).toContain(`owner_id=eq.${w.ownerId}`);

    // Another person reading "since" gets only their own notes, whatever owner they name.
    expect((await readTitlesSince(w.other, w.ownerId, since))?.kept).toEqual([]);
  });

  it("the read since the newest kept brings back a note restored from Trash since", async () => {
    const since = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Restoring keeps the note's last edit time too (it was trashed in the test before).
    const restored = await w.owner.from("notes").update({ deleted_at: null }).eq("id", mine[2]);
    expect(restored.error).toBeNull();

    const changed = await readTitlesSince(w.owner, w.ownerId, since);
    expect(changed?.kept.map((t) => t.title)).toEqual(["To trash"]);
    expect(changed?.gone).toEqual([]);
    // The note's edit time is not what found it: it is older than "since".
    const row = await w.owner.from("notes").select("updated_at").eq("id", mine[2]).single();
    expect(Date.parse(row.data!.updated_at)).toBeLessThan(Date.parse(since));
  });

  it("only the database sets when a note last moved to or from Trash", async () => {
    const forged = await w.owner
      .from("notes")
      .update({ trash_changed_at: new Date(Date.now() + 86_400_000).toISOString() })
      .eq("id", mine[1]);
    expect(forged.error?.code).toBe("42501");
    const row = await w.service.from("notes").select("trash_changed_at").eq("id", mine[1]).single();
    expect(row.data?.trash_changed_at).toBeNull();
  });

  it("keeps each of the person's notes with its preview, folder, pin and tags, and no one else's tags", async () => {
    const folder = await w.owner.from("folders").insert({ name: "Trips" }).select("id").single();
    expect(folder.error).toBeNull();
    const since = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const filed = await w.owner
      .from("notes")
      .update({ folder_id: folder.data!.id, pinned: true })
      .eq("id", mine[1]);
    expect(filed.error).toBeNull();
    // Edited since, so the read since finds it (a move or a pin keeps the last edit time).
    const edited = await w.service
      .from("notes")
      .update({ body: "For the **trip**:\n\n- sandals" })
      .eq("id", mine[1]);
    expect(edited.error).toBeNull();
    const sharedText = await w.service
      .from("notes")
      .update({ body: "Lisbon in **May**" })
      .eq("id", sharedWithMe);
    expect(sharedText.error).toBeNull();
    // The server writes a note's tags from its document; the service role stands in for it here.
    const tagged = await w.service.from("note_tags").insert([
      { note_id: mine[1], user_id: w.ownerId, tag: "trip/lisbon" },
      { note_id: mine[1], user_id: w.ownerId, tag: "food" },
      { note_id: sharedWithMe, user_id: w.otherId, tag: "secret" },
    ]);
    expect(tagged.error).toBeNull();

    const every = await readEveryTitle(w.owner, w.ownerId);
    expect(every?.find((t) => t.id === mine[1])).toEqual({
      id: mine[1],
      title: "Recipes",
      updated_at: expect.any(String),
      // The start of its text as the notes list shows it, without the Markdown's marks.
      preview: "For the trip: sandals",
      folder_id: folder.data!.id,
      pinned: true,
      tags: ["food", "trip/lisbon"],
    });
    expect(every?.find((t) => t.id === mine[0])).toMatchObject({
      folder_id: null,
      pinned: false,
      tags: [],
    });
    // Shared with them: listed apart, with their role and whose it is; its owner's tags are not
    // theirs to read.
    expect(every?.find((t) => t.id === sharedWithMe)).toEqual({
      id: sharedWithMe,
      title: "Shared trip",
      updated_at: expect.any(String),
      preview: "Lisbon in May",
      shared: true,
      role: "viewer",
      owner: expect.any(String),
      owner_id: w.otherId,
    });

    const changed = await readTitlesSince(w.owner, w.ownerId, since);
    expect(changed?.kept.find((t) => t.id === mine[1])).toMatchObject({
      preview: "For the trip: sandals",
      folder_id: folder.data!.id,
      pinned: true,
      tags: ["food", "trip/lisbon"],
    });
  });
});
