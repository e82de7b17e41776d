import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LIST_BODY_CHARS,
  compareNotes,
  compareTrashed,
  fetchNotesPage,
  fetchTrashPage,
  firstPageMoved,
  NOTE_PAGE,
} from "@/lib/notes/list";

import { recordingClient, startNotesWorld, type NotesWorld } from "./notes-support";

// A body whose tail is far past what the list reads, so a leak of the whole body is visible.
const BODY = `Start of the note. ${"middle words ".repeat(200)}THE-VERY-END`;

let w: NotesWorld;
let noteId: string;
beforeAll(async () => {
  w = await startNotesWorld();
  const { data, error } = await w.owner
    .from("notes")
    .insert({ title: "Long one", body: BODY })
    .select("id")
    .single();
  expect(error).toBeNull();
  noteId = data!.id;
});
afterAll(() => w?.t.stop());

describe("note_list: what the list reads, with notes' own RLS", () => {
  it("the owner reads their note with only the start of its body", async () => {
    const { data, error } = await w.owner
      .from("note_list")
      .select("id, title, body_start, pinned, updated_at, deleted_at");
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(data![0]).toMatchObject({ id: noteId, title: "Long one", pinned: false });
    expect(data![0].body_start).toBe(BODY.slice(0, LIST_BODY_CHARS));
    expect(data![0].body_start).not.toContain("THE-VERY-END");
  });

  it("another person sees none of the owner's notes, even by id", async () => {
    expect((await w.other.from("note_list").select("id")).data).toEqual([]);
    expect((await w.other.from("note_list").select("id").eq("id", noteId)).data).toEqual([]);
  });

  it("anon is refused outright", async () => {
    const anon = await w.anon.from("note_list").select("id");
    expect(anon.status).toBe(401);
    expect(anon.data).toBeNull();
  });

  it("the service role sees every note", async () => {
    const { data } = await w.service.from("note_list").select("id").eq("id", noteId);
    expect(data).toEqual([{ id: noteId }]);
  });

  it("is read-only: no one writes notes through it", async () => {
    // The generated types already say so; the server must refuse a client that ignores them.
    // @ts-expect-error the view has no Update type
    const update = await w.owner.from("note_list").update({ title: "renamed" }).eq("id", noteId);
    expect(update.status).toBe(403);
    const del = await w.owner.from("note_list").delete().eq("id", noteId);
    expect(del.status).toBe(403);
    const { data } = await w.service.from("notes").select("title").eq("id", noteId).single();
    expect(data?.title).toBe("Long one");
  });
});

describe("the list's pages: fetchNotesPage, as the app reads them", () => {
  it("reads every note exactly once, in the list's order, however many share a timestamp", async () => {
    // Runs after the tests above, so the owner's long note is among them.
    const world = w;
    {
      // One insert: every row gets the same now(), so only the id tells them apart.
      const rows = Array.from({ length: 2 * NOTE_PAGE + 30 }, (_, i) => ({
        title: `Note ${i}`,
        body: `body ${i}`,
        pinned: i % 10 === 0,
      }));
      const inserted = await world.owner.from("notes").insert(rows).select("id");
      expect(inserted.error).toBeNull();
      // Two more, edited later than the rest, one of them pinned.
      const later = await world.owner
        .from("notes")
        .insert([
          { title: "Later", body: "x", pinned: false },
          { title: "Later pinned", body: "y", pinned: true },
        ])
        .select("id");
      expect(later.error).toBeNull();

      const pages = [];
      let page = await fetchNotesPage(world.owner, world.ownerId, null);
      pages.push(page);
      while (page.more) {
        page = await fetchNotesPage(world.owner, world.ownerId, page.notes.at(-1)!);
        pages.push(page);
      }
      const read = pages.flatMap((p) => p.notes);
      expect(pages.map((p) => p.notes.length)).toEqual([NOTE_PAGE, NOTE_PAGE, 33]);
      expect(new Set(read.map((n) => n.id)).size).toBe(rows.length + 3);
      expect(read).toEqual([...read].sort(compareNotes));
      expect(read[0].title).toBe("Later pinned");
      expect(read.filter((n) => n.pinned)).toHaveLength(rows.length / 10 + 1);
      // Another person's pages are empty, not someone else's notes, even when they name the
      // owner: the owner named only narrows what RLS already allows.
      expect(await fetchNotesPage(world.other, world.otherId, null)).toEqual({
        notes: [],
        more: false,
      });
      expect(await fetchNotesPage(world.other, world.ownerId, null)).toEqual({
        notes: [],
        more: false,
      });
    }
  });

  it("firstPageMoved: still after a read, moved once a note is added, pinned, edited or trashed", async () => {
    const world = w;
    const shown = async () => (await fetchNotesPage(world.owner, world.ownerId, null)).notes;
    expect(await firstPageMoved(world.owner, world.ownerId, await shown())).toBe(false);

    const made = await world.owner.from("notes").insert({ title: "New", body: "" }).select("id");
    expect(made.error).toBeNull();
    const id = made.data![0].id;
    const before = await shown();
    const changes = [
      { pinned: true },
      { body: "edited" },
      { deleted_at: new Date().toISOString() },
    ];
    let last = before;
    for (const change of changes) {
      expect(await firstPageMoved(world.owner, world.ownerId, last)).toBe(false);
      const updated = await world.service.from("notes").update(change).eq("id", id);
      expect(updated.error).toBeNull();
      expect(await firstPageMoved(world.owner, world.ownerId, last)).toBe(true);
      last = await shown();
    }
    // Another person's list is theirs alone: the owner's changes never move it.
    expect(await firstPageMoved(world.other, world.otherId, [])).toBe(false);
  });
});

describe("the Trash's pages: fetchTrashPage", () => {
  it("reads every trashed note once, latest first, and counts them on the first page", async () => {
    const world = w;
    // The tests above left a note in Trash.
    const before = (await fetchTrashPage(world.owner, world.ownerId, null)).total!;
    // All trashed at one instant: only the id orders them.
    const rows = Array.from({ length: NOTE_PAGE + 40 }, (_, i) => ({
      title: `Gone ${i}`,
      body: "THE-BODY",
    }));
    const made = await world.owner.from("notes").insert(rows).select("id");
    expect(made.error).toBeNull();
    const ids = made.data!.map((n) => n.id);
    const at = new Date().toISOString();
    const trashed = await world.owner
      .from("notes")
      .update({ deleted_at: at })
      .in("id", ids.slice(0, 100));
    expect(trashed.error).toBeNull();
    const rest = await world.owner
      .from("notes")
      .update({ deleted_at: at })
      .in("id", ids.slice(100));
    expect(rest.error).toBeNull();
    const later = await world.owner
      .from("notes")
      .insert({ title: "Trashed last", deleted_at: new Date(Date.now() + 60_000).toISOString() });
    expect(later.error).toBeNull();

    const first = await fetchTrashPage(world.owner, world.ownerId, null);
    expect(first.total).toBe(before + rows.length + 1);
    expect(first.notes[0].title).toBe("Trashed last");
    const second = await fetchTrashPage(world.owner, world.ownerId, first.notes.at(-1)!);
    expect(second.total).toBeUndefined();
    expect([first.more, second.more]).toEqual([true, false]);
    const read = [...first.notes, ...second.notes];
    expect(new Set(read.map((n) => n.id)).size).toBe(before + rows.length + 1);
    expect(read).toEqual([...read].sort(compareTrashed));
    // The Trash shows titles: no body travels.
    expect(JSON.stringify(read)).not.toContain("THE-BODY");
    // Another person's Trash is empty, not someone else's notes.
    expect(await fetchTrashPage(world.other, world.otherId, null)).toEqual({
      notes: [],
      more: false,
      total: 0,
    });
    expect(await fetchTrashPage(world.other, world.ownerId, null)).toEqual({
      notes: [],
      more: false,
      total: 0,
    });
  });
});

describe("the list reads one person's page, not every person's notes", () => {
  it("every read of the list and the Trash names the person whose notes they are", async () => {
    const owner = `owner_id=eq.${w.ownerId}`;
    const { client, requests: reads } = await recordingClient(w.t, w.owner);
    const page = await fetchNotesPage(client, w.ownerId, null);
    await fetchNotesPage(client, w.ownerId, page.notes.at(-1)!, null);
    await firstPageMoved(client, w.ownerId, page.notes);
    const trash = await fetchTrashPage(client, w.ownerId, null);
    await fetchTrashPage(client, w.ownerId, trash.notes.at(-1)!);
    expect(reads).toHaveLength(5);
    for (const query of reads) expect(query).toContain(owner);
  });

  it("so the database finds the page through the owner's indexes, under RLS", async () => {
    // As the signed-in person, through the view and the notes' RLS, with sequential scans priced
    // out: the plan still scans the table when the owner cannot be used to find the rows.
    const plan = (where: string, order: string) =>
      w.t.backend.db.asRole(
        {
          role: "authenticated",
          claims: { sub: w.ownerId, role: "authenticated" },
          method: "GET",
          path: "/rest/v1/note_list",
          headers: {},
          extra: { enable_seqscan: "off" },
        },
        async (tx) =>
          (
            await tx.query<{ "QUERY PLAN": string }>(
              `explain select id, title, body_start, pinned, updated_at, deleted_at
                 from public.note_list where ${where} order by ${order} limit 101`,
            )
          ).rows
            .map((row) => row["QUERY PLAN"])
            .join("\n"),
      );
    const owned = `owner_id = '${w.ownerId}'`;
    // The owner is how the rows are found (an index condition), not a filter over all of them.
    const byOwner = /(Index|Recheck) Cond: \(\(?owner_id = /;
    const list = await plan(
      `${owned} and deleted_at is null`,
      "pinned desc, updated_at desc, id desc",
    );
    expect(list).toMatch(byOwner);
    expect(list).not.toMatch(/Seq Scan on notes/);
    const trash = await plan(`${owned} and deleted_at is not null`, "deleted_at desc, id desc");
    expect(trash).toMatch(byOwner);
    expect(trash).not.toMatch(/Seq Scan on notes/);
    // Without the owner named, RLS alone ("own notes, or shared with me") cannot find the rows:
    // every person's live notes are read and filtered.
    expect(await plan("deleted_at is null", "pinned desc, updated_at desc, id desc")).not.toMatch(
      byOwner,
    );
  });
});
