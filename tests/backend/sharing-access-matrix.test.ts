import type { RealtimeChannel } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { adminClient, PASSWORD, uniqueEmail } from "@groundwork/local-backend/testing/auth";
import { collector, realtimeClient, sleep } from "@groundwork/local-backend/testing/realtime";
import {
  byteaHex,
  signedInUser,
  typedClient,
  type NotesClient,
  type NotesWorld,
} from "./notes-support";
import { noteDoc, saveDoc, startTagsWorld, text } from "./tags-support";
import type { Role } from "@/lib/sharing/roles";

// One access model for a shared note: who may read and change what, over REST, the app's update
// path, Storage and the note's private Realtime channel.

type Person = { client: NotesClient; id: string };
let w: NotesWorld;
let owner: Person;
let editor: Person;
let viewer: Person;
let commenter: Person;
let removed: Person;
let invited: Person & { email: string };
let stranger: Person;
let noteId: string;
const channels: RealtimeChannel[] = [];

function update(): string {
  const doc = new Y.Doc();
  doc.getText("t").insert(0, "a change");
  return byteaHex(Y.encodeStateAsUpdate(doc));
}

async function share(note: string, person: Person, role: Role) {
  const { error } = await owner.client
    .from("note_members")
    .insert({ note_id: note, user_id: person.id, role });
  if (error) throw new Error(error.message);
}

beforeAll(async () => {
  w = await startTagsWorld();
  owner = { client: w.owner, id: w.ownerId };
  stranger = { client: w.other, id: w.otherId };
  [editor, viewer, removed, commenter] = [
    await signedInUser(w.t),
    await signedInUser(w.t),
    await signedInUser(w.t),
    await signedInUser(w.t),
  ];
  const email = uniqueEmail("invited");
  const created = await adminClient(w.t).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  if (created.error) throw created.error;
  const client = typedClient(w.t);
  await client.auth.signInWithPassword({ email, password: PASSWORD });
  invited = { client, id: created.data.user.id, email };

  const { data, error } = await owner.client
    .from("notes")
    .insert({ title: "Team plan" })
    .select("id")
    .single();
  if (error) throw error;
  noteId = data.id;
  await saveDoc(owner.client, owner.id, noteId, noteDoc([text("Team plan quokka")]));
  await share(noteId, editor, "editor");
  await share(noteId, viewer, "viewer");
  await share(noteId, commenter, "commenter");
  await share(noteId, removed, "editor");
  // An invitation to an address whose person has not accepted it yet gives nothing.
  const inv = await owner.client
    .from("invitations")
    .insert({ email: invited.email, note_id: noteId, role: "editor" });
  expect(inv.error).toBeNull();
  const gone = await owner.client
    .from("note_members")
    .delete()
    .eq("note_id", noteId)
    .eq("user_id", removed.id);
  expect(gone.error).toBeNull();
}, 180_000);
afterAll(async () => {
  for (const ch of channels) await ch.unsubscribe();
  await w?.t.stop();
});

const readers = () => ({ owner, editor, commenter, viewer });
const outsiders = () => ({ invited, removed, stranger, anon: { client: w.anon, id: "" } });

describe("sharing: REST", () => {
  it("owner, editor, commenter and viewer read the note and all its updates; nobody else, anon included", async () => {
    for (const [who, p] of Object.entries(readers())) {
      const note = await p.client.from("notes").select("id, title").eq("id", noteId);
      expect(note.data, who).toEqual([{ id: noteId, title: "Team plan quokka" }]);
      const ups = await p.client.from("note_updates").select("id").eq("note_id", noteId);
      expect(ups.data?.length, who).toBeGreaterThan(0);
    }
    for (const [who, p] of Object.entries(outsiders())) {
      const note = await p.client.from("notes").select("id").eq("id", noteId);
      expect(note.data ?? [], who).toEqual([]);
      const ups = await p.client.from("note_updates").select("id").eq("note_id", noteId);
      expect(ups.data ?? [], who).toEqual([]);
    }
    const service = await w.service.from("notes").select("id").eq("id", noteId);
    expect(service.data).toEqual([{ id: noteId }]);
  });

  it("owner and editor append updates; a commenter, a viewer, an outsider or anon cannot", async () => {
    for (const p of [owner, editor]) {
      const res = await p.client.from("note_updates").insert({ note_id: noteId, data: update() });
      expect(res.error).toBeNull();
    }
    for (const [who, p] of Object.entries({ commenter, viewer, ...outsiders() })) {
      const res = await p.client.from("note_updates").insert({ note_id: noteId, data: update() });
      expect(res.error, who).not.toBeNull();
    }
    // Nobody writes an update in another person's name.
    const forged = await editor.client
      .from("note_updates")
      .insert({ note_id: noteId, owner_id: owner.id, data: update() });
    expect(forged.error?.code).toBe("42501");
  });

  it("only the owner pins, files, trashes or deletes the note; members change nothing", async () => {
    for (const [who, p] of Object.entries({ editor, commenter, viewer, stranger })) {
      const pinned = await p.client
        .from("notes")
        .update({ pinned: true })
        .eq("id", noteId)
        .select("id");
      expect(pinned.data ?? [], who).toEqual([]);
      const trashed = await p.client
        .from("notes")
        .update({ deleted_at: new Date().toISOString() })
        .eq("id", noteId)
        .select("id");
      expect(trashed.data ?? [], who).toEqual([]);
      const deleted = await p.client.from("notes").delete().eq("id", noteId).select("id");
      expect(deleted.data ?? [], who).toEqual([]);
      const shared = await p.client.rpc("share_note", { note_id: noteId });
      expect(shared.error, who).not.toBeNull();
    }
    const still = await w.service.from("notes").select("pinned, deleted_at").eq("id", noteId);
    expect(still.data).toEqual([{ pinned: false, deleted_at: null }]);
    const own = await owner.client
      .from("notes")
      .update({ pinned: true })
      .eq("id", noteId)
      .select("pinned");
    expect(own.data).toEqual([{ pinned: true }]);
    await owner.client.from("notes").update({ pinned: false }).eq("id", noteId);
  });

  it("members see who has access; only the owner adds people, changes roles and sees invitations", async () => {
    for (const p of [owner, editor, commenter, viewer]) {
      const members = await p.client
        .from("note_members")
        .select("user_id, role")
        .eq("note_id", noteId)
        .order("role");
      expect(members.data).toEqual([
        { user_id: commenter.id, role: "commenter" },
        { user_id: editor.id, role: "editor" },
        { user_id: viewer.id, role: "viewer" },
      ]);
    }
    for (const p of Object.values(outsiders())) {
      const members = await p.client.from("note_members").select("user_id").eq("note_id", noteId);
      expect(members.data ?? []).toEqual([]);
    }
    // A viewer cannot make themselves an editor, nor an editor add someone.
    const promoted = await viewer.client
      .from("note_members")
      .update({ role: "editor" })
      .eq("note_id", noteId)
      .eq("user_id", viewer.id)
      .select("role");
    expect(promoted.data ?? []).toEqual([]);
    const promotedCommenter = await commenter.client
      .from("note_members")
      .update({ role: "editor" })
      .eq("note_id", noteId)
      .eq("user_id", commenter.id)
      .select("role");
    expect(promotedCommenter.data ?? []).toEqual([]);
    // Only the three roles: anything else is a 400.
    const unknown = await owner.client
      .from("note_members")
      .update({ role: "admin" })
      .eq("note_id", noteId)
      .eq("user_id", viewer.id)
      .select("role");
    expect(unknown.status).toBe(400);
    const added = await editor.client
      .from("note_members")
      .insert({ note_id: noteId, user_id: stranger.id, role: "editor" });
    expect(added.error?.code).toBe("42501");
    const strangerAdds = await stranger.client
      .from("note_members")
      .insert({ note_id: noteId, user_id: stranger.id, role: "editor" });
    expect(strangerAdds.error?.code).toBe("42501");
    // The owner is never a member of their own note.
    const self = await owner.client
      .from("note_members")
      .insert({ note_id: noteId, user_id: owner.id, role: "viewer" });
    expect(self.error?.message).toBe("The owner already has access; share it with someone else.");

    const invitations = await owner.client
      .from("invitations")
      .select("email, role, accepted_at")
      .eq("note_id", noteId);
    expect(invitations.data).toEqual([{ email: invited.email, role: "editor", accepted_at: null }]);
    for (const p of [editor, commenter, viewer, invited, stranger]) {
      const seen = await p.client.from("invitations").select("id").eq("note_id", noteId);
      expect(seen.data ?? []).toEqual([]);
      const sent = await p.client
        .from("invitations")
        .insert({ email: "someone@example.com", note_id: noteId, role: "editor" });
      expect(sent.error?.code).toBe("42501");
    }
  });

  it("search and tags find a shared note for its members, never for anyone else", async () => {
    for (const p of [owner, editor, commenter, viewer]) {
      const found = await p.client.rpc("search_notes", { query: "quokka" });
      expect(found.data?.map((r) => r.id)).toEqual([noteId]);
    }
    for (const p of [invited, removed, stranger]) {
      const found = await p.client.rpc("search_notes", { query: "quokka" });
      expect(found.data ?? []).toEqual([]);
    }
  });
});

describe("sharing: what each person's lists show", () => {
  it("a shared note is under Shared with me, not among the member's own notes", async () => {
    for (const [who, p] of Object.entries({ editor, commenter, viewer })) {
      const own = await p.client.from("note_list").select("id");
      expect(own.data, who).toEqual([]);
      const shared = await p.client.rpc("shared_with_me");
      expect(
        shared.data?.map((r) => [r.id, r.title, r.role, r.owner_id]),
        who,
      ).toEqual([[noteId, "Team plan quokka", who, owner.id]]);
    }
    for (const p of [invited, removed, stranger]) {
      expect((await p.client.rpc("shared_with_me")).data).toEqual([]);
    }
    const own = await owner.client.from("note_list").select("id");
    expect(own.data).toEqual([{ id: noteId }]);
  });

  it("who has access: everyone with access sees names and roles, only the owner addresses", async () => {
    const asOwner = await owner.client.rpc("note_people", { note_id: noteId });
    expect(asOwner.data?.[0]).toMatchObject({ user_id: owner.id, role: "owner" });
    expect(new Set(asOwner.data?.map((r) => `${r.user_id}:${r.role}:${r.email !== null}`))).toEqual(
      new Set([
        `${owner.id}:owner:true`,
        `${editor.id}:editor:true`,
        `${commenter.id}:commenter:true`,
        `${viewer.id}:viewer:true`,
      ]),
    );
    const asViewer = await viewer.client.rpc("note_people", { note_id: noteId });
    expect(asViewer.data?.length).toBe(4);
    expect(asViewer.data?.every((r) => r.email === null)).toBe(true);
    for (const p of [invited, removed, stranger]) {
      expect((await p.client.rpc("note_people", { note_id: noteId })).data).toEqual([]);
    }
  });

  it("who has access: each person's picture is named to everyone with access, nobody else", async () => {
    const picture = `${editor.id}/face.webp`;
    const set = await editor.client
      .from("profiles")
      .update({ avatar_path: picture })
      .eq("id", editor.id);
    expect(set.error).toBeNull();
    try {
      for (const p of [owner, editor, commenter, viewer]) {
        const { data } = await p.client.rpc("note_people", { note_id: noteId });
        const pictures = new Map(data?.map((r) => [r.user_id, r.avatar_path]));
        expect(pictures).toEqual(
          new Map([
            [owner.id, null],
            [editor.id, picture],
            [commenter.id, null],
            [viewer.id, null],
          ]),
        );
      }
      for (const p of [invited, removed, stranger]) {
        expect((await p.client.rpc("note_people", { note_id: noteId })).data).toEqual([]);
      }
      const anon = await w.anon.rpc("note_people", { note_id: noteId });
      expect(anon.data).toBeNull();
      expect(anon.error?.code).toBe("42501");
    } finally {
      await editor.client.from("profiles").update({ avatar_path: null }).eq("id", editor.id);
    }
  });
});

describe("sharing: the app's update path", () => {
  it("stores an editor's change, refuses a commenter's or viewer's with 403 and an outsider's as not found", async () => {
    const { storeNoteUpdate } = await import("@/lib/notes/store-update");
    const doc = noteDoc([text("Team plan quokka, edited")]);
    const bytes = Y.encodeStateAsUpdate(doc);
    const ok = await storeNoteUpdate(editor.client, editor.id, noteId, bytes, "test");
    expect(ok.ok).toBe(true);
    for (const p of [viewer, commenter]) {
      const refused = await storeNoteUpdate(p.client, p.id, noteId, bytes, "test");
      expect(refused).toEqual({
        ok: false,
        status: 403,
        message: "You can view this note but not change it.",
      });
    }
    for (const p of [removed, stranger, invited]) {
      const out = await storeNoteUpdate(p.client, p.id, noteId, bytes, "test");
      expect(out).toMatchObject({ ok: false, status: 404 });
    }
  });
});

describe("sharing: Storage", () => {
  const files = (c: NotesClient) => c.storage.from("attachments");
  const png = () => new Blob([new Uint8Array(32).fill(9)], { type: "image/png" });

  it("members read the note's files; the owner and editors add them; nobody else does either", async () => {
    const path = `${owner.id}/${noteId}/a1-owner.png`;
    expect((await files(owner.client).upload(path, png())).error).toBeNull();
    const byEditor = `${owner.id}/${noteId}/b2-editor.png`;
    expect((await files(editor.client).upload(byEditor, png())).error).toBeNull();
    for (const p of [owner, editor, commenter, viewer]) {
      expect((await files(p.client).download(byEditor)).data?.size).toBe(32);
      expect((await files(p.client).download(path)).data?.size).toBe(32);
    }
    const viewerUpload = await files(viewer.client).upload(`${owner.id}/${noteId}/c3.png`, png());
    expect(viewerUpload.error?.message).toMatch(/row-level security/);
    const commenterUpload = await files(commenter.client).upload(
      `${owner.id}/${noteId}/c4.png`,
      png(),
    );
    expect(commenterUpload.error?.message).toMatch(/row-level security/);
    // An editor cannot file the note's attachment under their own folder, nor remove files.
    const elsewhere = await files(editor.client).upload(`${editor.id}/${noteId}/d4.png`, png());
    expect(elsewhere.error?.message).toMatch(/row-level security/);
    const removedFile = await files(editor.client).remove([path]);
    expect(removedFile.data ?? []).toEqual([]);
    for (const p of Object.values(outsiders())) {
      expect((await files(p.client).download(path)).data).toBeNull();
      const up = await files(p.client).upload(`${owner.id}/${noteId}/e5.png`, png());
      expect(up.error?.message).toMatch(/row-level security/);
    }
  });
});

describe("sharing: the note's private Realtime channel", () => {
  async function join(p: Person, name = `note:${noteId}`) {
    // A client of its own per join, signed in as the person.
    const client = await realtimeClient(w.t, p.id ? { sub: p.id } : {});
    const got = collector<{ event: string; payload: Record<string, unknown> }>();
    const ch = client.channel(name, { config: { private: true, broadcast: { self: false } } });
    ch.on("broadcast", { event: "*" }, (m) => got.push(m as never));
    channels.push(ch);
    const status = await new Promise<string>((resolve) =>
      ch.subscribe((s) => {
        if (s !== "CLOSED") resolve(s);
      }),
    );
    return { ch, got, status };
  }

  it("members join; an editor's broadcast arrives, a commenter's or viewer's does not; outsiders cannot join", async () => {
    const o = await join(owner);
    const e = await join(editor);
    const v = await join(viewer);
    const c = await join(commenter);
    expect([o.status, e.status, v.status, c.status]).toEqual([
      "SUBSCRIBED",
      "SUBSCRIBED",
      "SUBSCRIBED",
      "SUBSCRIBED",
    ]);
    for (const p of [invited, removed, stranger]) {
      const out = await join(p);
      expect(out.status).toBe("CHANNEL_ERROR");
    }
    expect((await join({ client: w.anon, id: "" })).status).toBe("CHANNEL_ERROR");

    await v.ch.send({ type: "broadcast", event: "update", payload: { from: "viewer" } });
    await c.ch.send({ type: "broadcast", event: "update", payload: { from: "commenter" } });
    await e.ch.send({ type: "broadcast", event: "update", payload: { from: "editor" } });
    const got = await o.got.until(1);
    await sleep(500);
    expect(got.map((m) => m.payload.from)).toEqual(["editor"]);

    // Removing a member tells their open channel at once.
    const later = await signedInUser(w.t);
    await share(noteId, later, "viewer");
    const l = await join(later);
    expect(l.status).toBe("SUBSCRIBED");
    await owner.client.from("note_members").delete().eq("note_id", noteId).eq("user_id", later.id);
    const told = await l.got.until(1);
    expect(told[0]).toMatchObject({ event: "access-removed", payload: { user_id: later.id } });
    const again = await join(later, `note:${noteId}`);
    expect(again.status).toBe("CHANNEL_ERROR");
  });

  it("a folder member's new role, and their leaving, reach their open notes from it", async () => {
    const top = await owner.client.from("folders").insert({ name: "Garden" }).select("id").single();
    const sub = await owner.client
      .from("folders")
      .insert({ name: "Beds", parent_id: top.data!.id })
      .select("id")
      .single();
    const inside = await owner.client
      .from("notes")
      .insert({ title: "Beans", folder_id: sub.data!.id })
      .select("id")
      .single();
    const member = await signedInUser(w.t);
    await owner.client
      .from("folder_members")
      .insert({ folder_id: top.data!.id, user_id: member.id, role: "editor" });
    const m = await join(member, `note:${inside.data!.id}`);
    expect(m.status).toBe("SUBSCRIBED");
    // A change that changes nothing says nothing.
    await owner.client
      .from("folder_members")
      .update({ role: "editor" })
      .eq("folder_id", top.data!.id)
      .eq("user_id", member.id);
    await owner.client
      .from("folder_members")
      .update({ role: "viewer" })
      .eq("folder_id", top.data!.id)
      .eq("user_id", member.id);
    const changed = await m.got.until(1);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({ event: "access-recheck", payload: { user_id: member.id } });
    expect((await member.client.rpc("note_role", { note_id: inside.data!.id })).data).toBe(
      "viewer",
    );
    await member.client
      .from("folder_members")
      .delete()
      .eq("folder_id", top.data!.id)
      .eq("user_id", member.id);
    const left = await m.got.until(2);
    expect(left[1]).toMatchObject({ event: "access-recheck", payload: { user_id: member.id } });
    expect((await member.client.rpc("note_role", { note_id: inside.data!.id })).data).toBeNull();
  });
});

describe("sharing: a commenter's comments on the channel", () => {
  it("a commenter's comment is told on the note's channel by the database", async () => {
    const client = await realtimeClient(w.t, { sub: owner.id });
    const got = collector<{ event: string }>();
    const ch = client.channel(`note:${noteId}`, { config: { private: true } });
    ch.on("broadcast", { event: "comments" }, (m) => got.push(m as never));
    channels.push(ch);
    await new Promise<void>((resolve) =>
      ch.subscribe((s) => {
        if (s === "SUBSCRIBED") resolve();
      }),
    );
    const written = await commenter.client
      .from("note_comments")
      .insert({ note_id: noteId, body: "Told?", anchor_start: "AQID", anchor_end: "AQIE" })
      .select("author_id")
      .single();
    expect(written.data).toEqual({ author_id: commenter.id });
    expect((await got.until(1))[0]).toMatchObject({ event: "comments" });
  });
});

describe("sharing: folders and invitations", () => {
  it("the strongest role counts: editor over commenter over viewer, on the note or a folder above", async () => {
    const top = await owner.client.from("folders").insert({ name: "Ranks" }).select("id").single();
    const note = await owner.client
      .from("notes")
      .insert({ title: "Ranked", folder_id: top.data!.id })
      .select("id")
      .single();
    const member = await signedInUser(w.t);
    const role = async () =>
      (await member.client.rpc("note_role", { note_id: note.data!.id })).data;
    const folderRole = async () =>
      (await member.client.rpc("folder_role", { folder_id: top.data!.id })).data;
    await owner.client
      .from("folder_members")
      .insert({ folder_id: top.data!.id, user_id: member.id, role: "commenter" });
    expect(await folderRole()).toBe("commenter");
    expect(await role()).toBe("commenter");
    await share(note.data!.id, member, "viewer");
    expect(await role()).toBe("commenter");
    await owner.client
      .from("note_members")
      .update({ role: "editor" })
      .eq("note_id", note.data!.id)
      .eq("user_id", member.id);
    expect(await role()).toBe("editor");
    await owner.client
      .from("folder_members")
      .update({ role: "viewer" })
      .eq("folder_id", top.data!.id)
      .eq("user_id", member.id);
    await owner.client
      .from("note_members")
      .update({ role: "commenter" })
      .eq("note_id", note.data!.id)
      .eq("user_id", member.id);
    expect(await role()).toBe("commenter");
    expect(await folderRole()).toBe("viewer");
    // Nobody asks the database about another person's access.
    const probe = await member.client.rpc(
      "note_role_of" as never,
      {
        note_id: note.data!.id,
        person: owner.id,
      } as never,
    );
    expect(probe.error).not.toBeNull();
  });

  it("an invitation may be to comment; a role that does not exist is a 400", async () => {
    const email = uniqueEmail("commenting");
    const ok = await owner.client
      .from("invitations")
      .insert({ email, note_id: noteId, role: "commenter" })
      .select("role")
      .single();
    expect(ok.data).toEqual({ role: "commenter" });
    const bad = await owner.client
      .from("invitations")
      .insert({ email: uniqueEmail("bad"), note_id: noteId, role: "owner" });
    expect(bad.status).toBe(400);
    await owner.client.from("invitations").delete().eq("email", email);
  });

  it("a folder's members reach every note in it and below it, including notes filed later", async () => {
    const top = await owner.client.from("folders").insert({ name: "Team" }).select("id").single();
    const sub = await owner.client
      .from("folders")
      .insert({ name: "Q3", parent_id: top.data!.id })
      .select("id")
      .single();
    const member = await signedInUser(w.t);
    const added = await owner.client
      .from("folder_members")
      .insert({ folder_id: top.data!.id, user_id: member.id, role: "viewer" });
    expect(added.error).toBeNull();
    const later = await owner.client
      .from("notes")
      .insert({ title: "Filed later", folder_id: sub.data!.id })
      .select("id")
      .single();
    const seen = await member.client.from("notes").select("id").eq("id", later.data!.id);
    expect(seen.data).toEqual([{ id: later.data!.id }]);
    expect((await member.client.rpc("note_role", { note_id: later.data!.id })).data).toBe("viewer");
    const refused = await member.client
      .from("note_updates")
      .insert({ note_id: later.data!.id, data: update() });
    expect(refused.error?.code).toBe("42501");
    // The stranger, not a member, sees nothing of it.
    const notSeen = await stranger.client.from("notes").select("id").eq("id", later.data!.id);
    expect(notSeen.data).toEqual([]);
    // A member may leave.
    const left = await member.client
      .from("folder_members")
      .delete()
      .eq("folder_id", top.data!.id)
      .eq("user_id", member.id)
      .select("user_id");
    expect(left.data).toEqual([{ user_id: member.id }]);
    const after = await member.client.from("notes").select("id").eq("id", later.data!.id);
    expect(after.data).toEqual([]);
  });

  it("an invitation becomes a membership at sign-up, or when the invited person signs in", async () => {
    expect((await invited.client.rpc("accept_invitations")).data).toBe(1);
    const note = await invited.client.from("notes").select("id").eq("id", noteId);
    expect(note.data).toEqual([{ id: noteId }]);
    expect((await invited.client.rpc("note_role", { note_id: noteId })).data).toBe("editor");

    const email = uniqueEmail("new-person");
    await owner.client.from("invitations").insert({ email, note_id: noteId, role: "viewer" });
    const created = await adminClient(w.t).auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    });
    const client = typedClient(w.t);
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect((await client.rpc("note_role", { note_id: noteId })).data).toBe("viewer");
    const rows = await owner.client.from("invitations").select("accepted_by").eq("email", email);
    expect(rows.data).toEqual([{ accepted_by: created.data.user!.id }]);
  });

  it("who has access to a folder, and the folders shared with me: owner, member, outsider, anon, service", async () => {
    const folder = await owner.client
      .from("folders")
      .insert({ name: "Kitchen" })
      .select("id")
      .single();
    const folderId = folder.data!.id;
    const member = await signedInUser(w.t);
    const added = await owner.client
      .from("folder_members")
      .insert({ folder_id: folderId, user_id: member.id, role: "editor" });
    expect(added.error).toBeNull();
    const filed = await owner.client
      .from("notes")
      .insert({ title: "Soup", folder_id: folderId })
      .select("id")
      .single();
    expect(filed.error).toBeNull();
    const picture = `${member.id}/face.webp`;
    await member.client.from("profiles").update({ avatar_path: picture }).eq("id", member.id);

    const asOwner = await owner.client.rpc("folder_people", { folder_id: folderId });
    expect(asOwner.data?.map((r) => [r.user_id, r.role, r.email !== null, r.avatar_path])).toEqual([
      [owner.id, "owner", true, null],
      [member.id, "editor", true, picture],
    ]);
    const asMember = await member.client.rpc("folder_people", { folder_id: folderId });
    expect(asMember.data?.map((r) => [r.user_id, r.role, r.email, r.avatar_path])).toEqual([
      [owner.id, "owner", null, null],
      [member.id, "editor", null, picture],
    ]);
    for (const p of [stranger, editor, invited]) {
      expect((await p.client.rpc("folder_people", { folder_id: folderId })).data).toEqual([]);
      expect(((await p.client.rpc("shared_folders")).data ?? []).map((f) => f.id)).not.toContain(
        folderId,
      );
    }
    const anon = await w.anon.rpc("folder_people", { folder_id: folderId });
    expect(anon.error?.code).toBe("42501");
    expect((await w.anon.rpc("shared_folders")).error?.code).toBe("42501");

    // The member lists it with its owner, their role and its notes; the owner does not.
    const mine = await member.client.rpc("shared_folders");
    expect(mine.data?.map((f) => [f.id, f.name, f.role, f.notes])).toEqual([
      [folderId, "Kitchen", "editor", 1],
    ]);
    expect(((await owner.client.rpc("shared_folders")).data ?? []).map((f) => f.id)).not.toContain(
      folderId,
    );
    // The service role is nobody: it has no role on the folder, so the function names no one.
    const service = await w.service.rpc("folder_people", { folder_id: folderId });
    expect(service.error).toBeNull();
    expect(service.data).toEqual([]);

    // After leaving, the member sees neither the folder nor who has it.
    await member.client
      .from("folder_members")
      .delete()
      .eq("folder_id", folderId)
      .eq("user_id", member.id);
    expect((await member.client.rpc("shared_folders")).data).toEqual([]);
    expect((await member.client.rpc("folder_people", { folder_id: folderId })).data).toEqual([]);
  });

  it("people who have a note through a folder above it are its people: owner sees addresses, others names, outsiders nothing", async () => {
    const garden = await owner.client.from("folders").insert({ name: "Garden" }).select("id");
    const gardenId = garden.data![0].id;
    const beds = await owner.client
      .from("folders")
      .insert({ name: "Beds", parent_id: gardenId })
      .select("id");
    const bedsId = beds.data![0].id;
    const member = await signedInUser(w.t);
    const [keeper, direct] = [await signedInUser(w.t), await signedInUser(w.t)];
    for (const [person, role] of [
      [member, "commenter"],
      [keeper, "editor"],
    ] as const) {
      const added = await owner.client
        .from("folder_members")
        .insert({ folder_id: gardenId, user_id: person.id, role });
      expect(added.error).toBeNull();
    }
    const filed = await owner.client
      .from("notes")
      .insert({ title: "Tomatoes", folder_id: bedsId })
      .select("id")
      .single();
    const note = filed.data!.id;
    // The keeper is also a viewer of the note itself: their row stays a direct one, as an editor.
    await share(note, keeper, "viewer");
    await share(note, direct, "viewer");

    const rows = (
      data:
        | { user_id: string; role: string; direct_role: string | null; through: string | null }[]
        | null,
    ) => new Set(data?.map((r) => [r.user_id, r.role, r.direct_role, r.through].join(":")));
    const asOwner = await owner.client.rpc("note_people", { note_id: note });
    expect(rows(asOwner.data)).toEqual(
      new Set([
        `${owner.id}:owner::`,
        `${member.id}:commenter::Garden`,
        `${keeper.id}:editor:viewer:Garden`,
        `${direct.id}:viewer:viewer:`,
      ]),
    );
    expect(asOwner.data?.every((r) => r.email !== null)).toBe(true);
    // The member through the folder asks too: everyone's name, nobody's address.
    const asMember = await member.client.rpc("note_people", { note_id: note });
    expect(rows(asMember.data)).toEqual(rows(asOwner.data));
    expect(asMember.data?.every((r) => r.email === null)).toBe(true);
    const asDirect = await direct.client.rpc("note_people", { note_id: note });
    expect(asDirect.data?.length).toBe(4);
    expect(asDirect.data?.every((r) => r.email === null)).toBe(true);
    for (const p of [stranger, editor]) {
      expect((await p.client.rpc("note_people", { note_id: note })).data).toEqual([]);
    }
    const anon = await w.anon.rpc("note_people", { note_id: note });
    expect(anon.error?.code).toBe("42501");

    // The folder below lists those who have it through the folder above, read-only.
    const bedsPeople = await owner.client.rpc("folder_people", { folder_id: bedsId });
    expect(rows(bedsPeople.data)).toEqual(
      new Set([
        `${owner.id}:owner::`,
        `${member.id}:commenter::Garden`,
        `${keeper.id}:editor::Garden`,
      ]),
    );
    expect((await stranger.client.rpc("folder_people", { folder_id: bedsId })).data).toEqual([]);

    // The owner's tree marks the folder shared with people, and only that one.
    const tree = await owner.client
      .from("folder_list")
      .select("id, shared")
      .in("id", [gardenId, bedsId]);
    expect(new Map(tree.data?.map((f) => [f.id, f.shared]))).toEqual(
      new Map([
        [gardenId, true],
        [bedsId, false],
      ]),
    );
  });

  it("a note filed into a shared folder, or moved out of it, is told to the folder's members on their own channel", async () => {
    const folder = await owner.client.from("folders").insert({ name: "Porch" }).select("id");
    const folderId = folder.data![0].id;
    const member = await signedInUser(w.t);
    await owner.client
      .from("folder_members")
      .insert({ folder_id: folderId, user_id: member.id, role: "viewer" });
    const client = await realtimeClient(w.t, { sub: member.id });
    const got = collector<{ event: string; payload: Record<string, unknown> }>();
    const ch = client.channel(`mentions:${member.id}`, { config: { private: true } });
    ch.on("broadcast", { event: "shares" }, (m) => got.push(m as never));
    channels.push(ch);
    await new Promise<void>((resolve) =>
      ch.subscribe((s) => {
        if (s === "SUBSCRIBED") resolve();
      }),
    );
    const loose = await owner.client.from("notes").insert({ title: "Swing" }).select("id");
    const noteId = loose.data![0].id;
    await owner.client.from("notes").update({ folder_id: folderId }).eq("id", noteId);
    expect((await got.until(1))[0].payload).toMatchObject({ note_id: noteId, shared: true });
    expect((await member.client.rpc("shared_with_me")).data?.map((n) => n.id)).toContain(noteId);
    await owner.client.from("notes").update({ folder_id: null }).eq("id", noteId);
    expect((await got.until(2))[1].payload).toMatchObject({ note_id: noteId, shared: false });
    expect((await member.client.rpc("shared_with_me")).data?.map((n) => n.id)).not.toContain(
      noteId,
    );
    // A stranger's channel of someone else's name is refused, so nobody hears another's shares.
    const other = await realtimeClient(w.t, { sub: stranger.id });
    const spy = other.channel(`mentions:${member.id}`, { config: { private: true } });
    channels.push(spy);
    const status = await new Promise<string>((resolve) =>
      spy.subscribe((s) => {
        if (s !== "CLOSED") resolve(s);
      }),
    );
    expect(status).toBe("CHANNEL_ERROR");
  });
});
