import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collector, realtimeClient } from "@groundwork/local-backend/testing/realtime";
import { signedInUser, type NotesClient, type NotesWorld } from "./notes-support";
import { startTagsWorld } from "./tags-support";

// Comments on a shared note, over REST as supabase-js sends them: who reads, writes, edits,
// resolves and deletes; nobody writes in another person's name; bad input is a 400 that says why
// (PostgREST answers 23514 with 400 and 42501 with 403 for a signed-in caller:
// https://postgrest.org/en/stable/references/errors.html).

type Person = { client: NotesClient; id: string };
let w: NotesWorld;
let owner: Person;
let editor: Person;
let viewer: Person;
let commenter: Person;
let removed: Person;
let stranger: Person;
let noteId: string;
const ANCHOR = { anchor_start: "AQID", anchor_end: "AQIE", quote: "quokka" };

async function share(person: Person, role: "editor" | "commenter" | "viewer") {
  const { error } = await owner.client
    .from("note_members")
    .insert({ note_id: noteId, user_id: person.id, role });
  if (error) throw new Error(error.message);
}

async function comment(p: Person, body: string, extra: Record<string, unknown> = ANCHOR) {
  return p.client
    .from("note_comments")
    .insert({ note_id: noteId, body, ...extra })
    .select("id, author_id, body, parent_id")
    .single();
}

async function rootBy(p: Person, body: string): Promise<string> {
  const { data, error } = await comment(p, body);
  if (error) throw new Error(error.message);
  return data.id;
}

beforeAll(async () => {
  w = await startTagsWorld();
  owner = { client: w.owner, id: w.ownerId };
  stranger = { client: w.other, id: w.otherId };
  [editor, viewer, removed] = [
    await signedInUser(w.t),
    await signedInUser(w.t),
    await signedInUser(w.t),
  ];
  const { data, error } = await owner.client
    .from("notes")
    .insert({ title: "Team plan" })
    .select("id")
    .single();
  if (error) throw error;
  noteId = data.id;
  await share(editor, "editor");
  await share(viewer, "viewer");
  await share(removed, "editor");
  commenter = await signedInUser(w.t);
}, 180_000);
afterAll(async () => {
  await w?.t.stop();
});

describe("note comments: REST", () => {
  it("owner and editors comment as themselves; viewers, outsiders and anon cannot; a removed member reads nothing any more", async () => {
    const byOwner = await comment(owner, "Is this the right plan?");
    expect(byOwner.error).toBeNull();
    expect(byOwner.data).toMatchObject({ author_id: owner.id, body: "Is this the right plan?" });
    const byEditor = await comment(editor, "  I think so  ");
    expect(byEditor.data).toMatchObject({ author_id: editor.id });
    const byRemoved = await comment(removed, "Before I go");
    expect(byRemoved.error).toBeNull();

    for (const [who, p] of Object.entries({ viewer, stranger })) {
      const res = await comment(p, "Let me in");
      expect(res.error?.code, who).toBe("42501");
      expect(res.status, who).toBe(403);
    }
    const anon = await w.anon
      .from("note_comments")
      .insert({ note_id: noteId, body: "hi", ...ANCHOR });
    expect(anon.error?.code).toBe("42501");
    expect(anon.status).toBe(401);

    for (const [who, p] of Object.entries({ owner, editor, viewer, removed })) {
      const read = await p.client.from("note_comments").select("body").eq("note_id", noteId);
      expect(read.data?.length, who).toBe(3);
    }
    await owner.client
      .from("note_members")
      .delete()
      .eq("note_id", noteId)
      .eq("user_id", removed.id);
    for (const [who, client] of Object.entries({
      removed: removed.client,
      stranger: stranger.client,
      anon: w.anon,
    })) {
      const read = await client.from("note_comments").select("id").eq("note_id", noteId);
      expect(read.data ?? [], who).toEqual([]);
    }
    const again = await comment(removed, "Still here?");
    expect(again.error?.code).toBe("42501");
    const service = await w.service.from("note_comments").select("id").eq("note_id", noteId);
    expect(service.data?.length).toBe(3);
  });

  it("nobody comments in another person's name, and a comment's author and anchor never change", async () => {
    const forged = await comment(editor, "Signed by the owner", { ...ANCHOR, author_id: owner.id });
    expect(forged.error?.code).toBe("42501");
    const own = await rootBy(editor, "Mine");
    const moved = await editor.client
      .from("note_comments")
      .update({ author_id: owner.id } as never)
      .eq("id", own)
      .select("author_id");
    expect(moved.error?.code).toBe("42501");
    const after = await w.service.from("note_comments").select("author_id").eq("id", own).single();
    expect(after.data?.author_id).toBe(editor.id);
  });

  it("only the author edits or deletes a comment; the service role may", async () => {
    const id = await rootBy(editor, "Draft wording");
    const byOwner = await owner.client
      .from("note_comments")
      .update({ body: "Owner rewrote it" })
      .eq("id", id)
      .select("body");
    expect(byOwner.error?.code).toBe("42501");
    expect(byOwner.error?.message).toBe("Only its author can edit a comment.");
    for (const [who, p] of Object.entries({ viewer, stranger })) {
      const res = await p.client
        .from("note_comments")
        .update({ body: "Hijacked" })
        .eq("id", id)
        .select("body");
      expect(res.data ?? [], who).toEqual([]);
    }
    const edited = await editor.client
      .from("note_comments")
      .update({ body: "Better wording" })
      .eq("id", id)
      .select("body, edited_at")
      .single();
    expect(edited.data?.body).toBe("Better wording");
    expect(edited.data?.edited_at).not.toBeNull();

    for (const [who, p] of Object.entries({ owner, viewer, stranger })) {
      const res = await p.client.from("note_comments").delete().eq("id", id).select("id");
      expect(res.data ?? [], who).toEqual([]);
    }
    const anonDelete = await w.anon.from("note_comments").delete().eq("id", id).select("id");
    expect(anonDelete.data ?? []).toEqual([]);
    const mine = await editor.client.from("note_comments").delete().eq("id", id).select("id");
    expect(mine.data).toEqual([{ id }]);

    const other = await rootBy(owner, "Service may tidy");
    const service = await w.service.from("note_comments").delete().eq("id", other).select("id");
    expect(service.data).toEqual([{ id: other }]);
  });

  it("anyone who may comment resolves and reopens a thread, marked with who did it; viewers cannot", async () => {
    const id = await rootBy(owner, "Settle the date");
    const reply = await comment(editor, "Friday", { parent_id: id });
    expect(reply.error).toBeNull();
    expect(reply.data?.parent_id).toBe(id);

    for (const [who, p] of Object.entries({ viewer, stranger })) {
      const res = await p.client
        .from("note_comments")
        .update({ resolved_at: new Date().toISOString() })
        .eq("id", id)
        .select("id");
      expect(res.data ?? [], who).toEqual([]);
    }
    const resolved = await editor.client
      .from("note_comments")
      .update({ resolved_at: "2000-01-01T00:00:00Z", body: "Settle the date" })
      .eq("id", id)
      .select("resolved_at, resolved_by, body, edited_at")
      .single();
    expect(resolved.error).toBeNull();
    expect(resolved.data?.resolved_by).toBe(editor.id);
    // The time is the database's, not what the device sent; the unchanged text is no edit.
    expect(new Date(resolved.data!.resolved_at!).getFullYear()).toBeGreaterThan(2000);
    expect(resolved.data?.edited_at).toBeNull();

    const reopened = await owner.client
      .from("note_comments")
      .update({ resolved_at: null })
      .eq("id", id)
      .select("resolved_at, resolved_by")
      .single();
    expect(reopened.data).toEqual({ resolved_at: null, resolved_by: null });

    const replyResolved = await owner.client
      .from("note_comments")
      .update({ resolved_at: new Date().toISOString() })
      .eq("id", reply.data!.id)
      .select("id");
    expect(replyResolved.status).toBe(400);
    expect(replyResolved.error?.message).toBe("Resolve the thread, not a reply.");
  });

  it("bad input is a 400 that says what is wrong", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ANCHOR, body: "" }, "A comment needs some text."],
      [{ ...ANCHOR, body: "   \n " }, "A comment needs some text."],
      [{ ...ANCHOR, body: "x".repeat(5001) }, "A comment can be at most 5,000 characters long."],
      [{ body: "No anchor" }, "A new comment needs the text it is about."],
      [
        { body: "Orphan", parent_id: "00000000-0000-4000-8000-000000000000" },
        "A reply must answer a comment on the same note.",
      ],
    ];
    for (const [input, message] of cases) {
      const res = await editor.client
        .from("note_comments")
        .insert({ note_id: noteId, ...input } as never);
      expect(res.status, message).toBe(400);
      expect(res.error?.message).toBe(message);
    }
    const longest = await comment(editor, "y".repeat(5000));
    expect(longest.error).toBeNull();
    const root = await rootBy(owner, "Thread");
    const { data: reply } = await comment(owner, "A reply", { parent_id: root });
    const nested = await comment(editor, "Deeper", { parent_id: reply!.id });
    expect(nested.status).toBe(400);
    expect(nested.error?.message).toBe("Reply to the thread's first comment.");
    const notUuid = await editor.client.from("note_comments").select("id").eq("note_id", "nope");
    expect(notUuid.status).toBe(400);
  });

  it("a commenter comments, replies, resolves and deletes their own; edits no one else's, nor the note", async () => {
    await share(commenter, "commenter");
    const root = await comment(commenter, "From the commenter");
    expect(root.error).toBeNull();
    expect(root.data).toMatchObject({ author_id: commenter.id, parent_id: null });
    const onOwner = await rootBy(owner, "Owner asks");
    const answer = await comment(commenter, "Commenter answers", { parent_id: onOwner });
    expect(answer.data).toMatchObject({ author_id: commenter.id, parent_id: onOwner });
    const resolved = await commenter.client
      .from("note_comments")
      .update({ resolved_at: new Date().toISOString() })
      .eq("id", onOwner)
      .select("resolved_by")
      .single();
    expect(resolved.data).toEqual({ resolved_by: commenter.id });
    const rewrite = await commenter.client
      .from("note_comments")
      .update({ body: "Commenter rewrote it" })
      .eq("id", onOwner)
      .select("body");
    expect(rewrite.error?.message).toBe("Only its author can edit a comment.");
    const notTheirs = await commenter.client
      .from("note_comments")
      .delete()
      .eq("id", onOwner)
      .select("id");
    expect(notTheirs.data ?? []).toEqual([]);
    const edited = await commenter.client
      .from("note_comments")
      .update({ body: "From the commenter, edited" })
      .eq("id", root.data!.id)
      .select("body")
      .single();
    expect(edited.data).toEqual({ body: "From the commenter, edited" });
    const gone = await commenter.client
      .from("note_comments")
      .delete()
      .eq("id", root.data!.id)
      .select("id");
    expect(gone.data).toEqual([{ id: root.data!.id }]);
    // As a viewer for everything else: the note's text and fields stay out of reach.
    const renamed = await commenter.client
      .from("notes")
      .update({ title: "Taken over" })
      .eq("id", noteId)
      .select("id");
    expect(renamed.data ?? []).toEqual([]);
    const update = await commenter.client
      .from("note_updates")
      .insert({ note_id: noteId, data: "\\x00" });
    expect(update.error?.code).toBe("42501");
    // A commenter made a viewer writes no more.
    await owner.client
      .from("note_members")
      .update({ role: "viewer" })
      .eq("note_id", noteId)
      .eq("user_id", commenter.id);
    const after = await comment(commenter, "Still allowed?");
    expect(after.error?.code).toBe("42501");
    await owner.client
      .from("note_members")
      .update({ role: "commenter" })
      .eq("note_id", noteId)
      .eq("user_id", commenter.id);
  });

  it("a comment keeps the names its mentions were written with, the server's, through a rename", async () => {
    const named = (id: string) =>
      w.service.from("profiles").select("display_name, username").eq("id", id).single();
    const before = (await named(editor.id)).data!;
    const written = before.display_name || before.username;
    const sent = await comment(owner, `@${written} look`, {
      ...ANCHOR,
      mentions: [editor.id],
    });
    expect(sent.error).toBeNull();
    const stored = async () =>
      (
        await w.service
          .from("note_comments")
          .select("mention_names")
          .eq("id", sent.data!.id)
          .single()
      ).data?.mention_names;
    expect(await stored()).toEqual([written]);
    // A device cannot say what the names were.
    const forged = await comment(owner, "@Nobody", {
      ...ANCHOR,
      mentions: [editor.id],
      mention_names: ["Nobody"],
    });
    expect(forged.error?.code).toBe("42501");
    const renamed = await editor.client
      .from("profiles")
      .update({ display_name: "Edwina Renamed" })
      .eq("id", editor.id);
    expect(renamed.error).toBeNull();
    try {
      expect(await stored()).toEqual([written]);
      // Resolving the thread changes neither text nor mentions: the names stay as written.
      await owner.client
        .from("note_comments")
        .update({ resolved_at: new Date().toISOString() })
        .eq("id", sent.data!.id);
      expect(await stored()).toEqual([written]);
    } finally {
      await editor.client
        .from("profiles")
        .update({ display_name: before.display_name })
        .eq("id", editor.id);
    }
  });

  it("mentions name people with access, each once; anyone else is a 400 that says so", async () => {
    const named = await comment(owner, "@Ed @Cee @Vi look", {
      ...ANCHOR,
      mentions: [editor.id, commenter.id, viewer.id, editor.id],
    });
    expect(named.error).toBeNull();
    const stored = await w.service
      .from("note_comments")
      .select("mentions")
      .eq("id", named.data!.id)
      .single();
    expect(stored.data?.mentions).toEqual([editor.id, commenter.id, viewer.id]);

    const refusedMessage = "You can only mention people who have access to this note.";
    for (const [who, id] of Object.entries({
      stranger: stranger.id,
      removed: removed.id,
      nobody: "00000000-0000-4000-8000-000000000000",
    })) {
      const res = await comment(commenter, "Hey", { ...ANCHOR, mentions: [id] });
      expect(res.status, who).toBe(400);
      expect(res.error?.message, who).toBe(refusedMessage);
    }
    const reply = await comment(editor, "@Owner", {
      parent_id: named.data!.id,
      mentions: [owner.id],
    });
    expect(reply.error).toBeNull();
    const tooMany = await comment(owner, "All of them", {
      ...ANCHOR,
      mentions: Array.from(
        { length: 51 },
        (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      ),
    });
    expect(tooMany.status).toBe(400);
    const notUuid = await comment(owner, "Bad", { ...ANCHOR, mentions: ["not-a-uuid"] });
    expect(notUuid.status).toBe(400);

    // An outsider learns nothing of who has access: refused by the policy, not by the check.
    const probe = await comment(stranger, "Who?", { ...ANCHOR, mentions: [editor.id] });
    expect(probe.status).toBe(403);
    expect(probe.error?.code).toBe("42501");

    // Editing may change whom a comment names: only its author, and only to people with access.
    const widen = await owner.client
      .from("note_comments")
      .update({ mentions: [editor.id, stranger.id] })
      .eq("id", named.data!.id)
      .select("mentions");
    expect(widen.error?.message).toBe(refusedMessage);
    const byOther = await editor.client
      .from("note_comments")
      .update({ mentions: [editor.id] })
      .eq("id", named.data!.id)
      .select("mentions");
    expect(byOther.error?.message).toBe("Only its author can edit a comment.");
    const narrowed = await owner.client
      .from("note_comments")
      .update({ body: "@Ed look", mentions: [editor.id] })
      .eq("id", named.data!.id)
      .select("mentions")
      .single();
    expect(narrowed.data).toEqual({ mentions: [editor.id] });
  });

  it("a mentioned person is told on their own channel, which nobody else can join", async () => {
    await w.service.from("profiles").update({ display_name: "Olga Owner" }).eq("id", owner.id);
    const listen = async (as: string, topic: string) => {
      const client = await realtimeClient(w.t, { sub: as });
      const got = collector<{ event: string; payload: Record<string, unknown> }>();
      const ch = client.channel(topic, { config: { private: true } });
      ch.on("broadcast", { event: "mention" }, (m) => got.push(m as never));
      const status = await new Promise<string>((resolve) =>
        ch.subscribe((s) => {
          if (s !== "CLOSED") resolve(s);
        }),
      );
      return { ch, got, status };
    };
    const mine = await listen(editor.id, `mentions:${editor.id}`);
    expect(mine.status).toBe("SUBSCRIBED");
    const spy = await listen(stranger.id, `mentions:${editor.id}`);
    expect(spy.status).toBe("CHANNEL_ERROR");
    try {
      const res = await comment(owner, "@Ed please check", { ...ANCHOR, mentions: [editor.id] });
      expect(res.error).toBeNull();
      const [told] = await mine.got.until(1);
      expect(told).toMatchObject({
        event: "mention",
        payload: {
          note_id: noteId,
          comment_id: res.data!.id,
          by: "Olga Owner",
          title: "Team plan",
        },
      });
    } finally {
      await mine.ch.unsubscribe();
      await spy.ch.unsubscribe();
    }
  });

  it("deleting the note for good takes its comments", async () => {
    const before = await w.service.from("note_comments").select("id").eq("note_id", noteId);
    expect(before.data!.length).toBeGreaterThan(0);
    const gone = await owner.client.from("notes").delete().eq("id", noteId).select("id");
    expect(gone.data).toEqual([{ id: noteId }]);
    const after = await w.service.from("note_comments").select("id").eq("note_id", noteId);
    expect(after.data).toEqual([]);
  });
});
