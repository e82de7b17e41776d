import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collector, realtimeClient, sleep } from "@groundwork/local-backend/testing/realtime";
import { signedInUser, type NotesClient, type NotesWorld } from "./notes-support";
import { startTagsWorld } from "./tags-support";

// Who is here on a shared note, and their carets: presence and awareness broadcasts travel on the
// note's private channel `note:<id>`, whose realtime.messages policies decide who joins (select)
// and who sends (insert), as on hosted Realtime's Authorization
// (supabase.com/docs/guides/realtime/authorization).

type Person = { client: NotesClient; id: string };
type Joined = {
  ch: RealtimeChannel;
  status: string;
  casts: ReturnType<typeof collector<{ event: string; payload: Record<string, unknown> }>>;
};
let w: NotesWorld;
let owner: Person;
let editor: Person;
let viewer: Person;
let stranger: Person;
let noteId: string;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  w = await startTagsWorld();
  owner = { client: w.owner, id: w.ownerId };
  stranger = { client: w.other, id: w.otherId };
  [editor, viewer] = [await signedInUser(w.t), await signedInUser(w.t)];
  const { data, error } = await owner.client
    .from("notes")
    .insert({ title: "Plan" })
    .select("id")
    .single();
  if (error) throw error;
  noteId = data.id;
  for (const [p, role] of [
    [editor, "editor"],
    [viewer, "viewer"],
  ] as const) {
    const added = await owner.client
      .from("note_members")
      .insert({ note_id: noteId, user_id: p.id, role });
    if (added.error) throw new Error(added.error.message);
  }
}, 180_000);

afterAll(async () => {
  for (const c of clients) await c.removeAllChannels();
  await w?.t.stop();
});

/** Joins the note's channel as the app does: private, with a presence key per device. */
async function join(id: string, device: string): Promise<Joined> {
  const client = await realtimeClient(w.t, id ? { sub: id } : {});
  clients.push(client);
  const casts = collector<{ event: string; payload: Record<string, unknown> }>();
  const ch = client.channel(`note:${noteId}`, {
    config: { private: true, broadcast: { self: false }, presence: { key: device } },
  });
  ch.on("broadcast", { event: "*" }, (m) => casts.push(m as never));
  ch.on("presence", { event: "sync" }, () => {});
  const status = await new Promise<string>((resolve) =>
    ch.subscribe((s) => {
      if (s !== "CLOSED") resolve(s);
    }),
  );
  return { ch, status, casts };
}

/** Waits until the channel's presence lists exactly these devices. */
async function presenceIs(ch: RealtimeChannel, devices: string[]): Promise<void> {
  const want = [...devices].sort().join(",");
  for (let i = 0; i < 100; i++) {
    if (Object.keys(ch.presenceState()).sort().join(",") === want) return;
    await sleep(50);
  }
  expect(Object.keys(ch.presenceState()).sort()).toEqual([...devices].sort());
}

describe("note presence and carets: the note's private channel", () => {
  it("owner, editor and viewer join and see each other here; another person and anon cannot join", async () => {
    const o = await join(owner.id, "owner-device");
    const e = await join(editor.id, "editor-device");
    const v = await join(viewer.id, "viewer-device");
    expect([o.status, e.status, v.status]).toEqual(["SUBSCRIBED", "SUBSCRIBED", "SUBSCRIBED"]);

    expect(await o.ch.track({ user_id: owner.id, name: "Olga" })).toBe("ok");
    expect(await e.ch.track({ user_id: editor.id, name: "Ana" })).toBe("ok");
    // A viewer is here too: their presence is allowed, only their broadcasts are not.
    expect(await v.ch.track({ user_id: viewer.id, name: "Vic" })).toBe("ok");
    const all = ["owner-device", "editor-device", "viewer-device"];
    for (const p of [o, e, v]) await presenceIs(p.ch, all);
    expect(o.ch.presenceState()["editor-device"]).toEqual([
      expect.objectContaining({ user_id: editor.id, name: "Ana" }),
    ]);

    // Another person and anon are refused the channel: they never see who is here.
    for (const id of [stranger.id, ""]) {
      const out = await join(id, "outsider");
      expect(out.status).toBe("CHANNEL_ERROR");
      expect(out.ch.presenceState()).toEqual({});
      expect(await out.ch.track({ user_id: id, name: "Mallory" })).not.toBe("ok");
    }
    await sleep(300);
    expect(Object.keys(o.ch.presenceState()).sort()).toEqual([...all].sort());

    // Carets (awareness) go as broadcasts: the editor's and owner's arrive; the viewer's are refused.
    await v.ch.send({ type: "broadcast", event: "awareness", payload: { from: "viewer" } });
    await e.ch.send({ type: "broadcast", event: "awareness", payload: { from: "editor" } });
    await o.ch.send({ type: "broadcast", event: "awareness", payload: { from: "owner" } });
    const atOwner = await o.casts.until(1);
    const atViewer = await v.casts.until(2);
    await sleep(400);
    expect(atOwner.map((m) => m.payload.from)).toEqual(["editor"]);
    expect(atViewer.map((m) => m.payload.from).sort()).toEqual(["editor", "owner"]);

    // Leaving the note takes the person off everyone's list.
    await e.ch.untrack();
    await presenceIs(o.ch, ["owner-device", "viewer-device"]);
    await e.ch.track({ user_id: editor.id, name: "Ana" });
    await presenceIs(o.ch, all);
    await e.ch.unsubscribe();
    await presenceIs(o.ch, ["owner-device", "viewer-device"]);
    await presenceIs(v.ch, ["owner-device", "viewer-device"]);
    for (const c of clients.splice(0)) await c.removeAllChannels();
  });

  it("a person removed from the note is taken off the channel and cannot join it again", async () => {
    const o = await join(owner.id, "owner-again");
    const v = await join(viewer.id, "viewer-again");
    await o.ch.track({ user_id: owner.id, name: "Olga" });
    await v.ch.track({ user_id: viewer.id, name: "Vic" });
    await presenceIs(o.ch, ["owner-again", "viewer-again"]);
    await owner.client.from("note_members").delete().eq("note_id", noteId).eq("user_id", viewer.id);
    const again = await join(viewer.id, "viewer-third");
    expect(again.status).toBe("CHANNEL_ERROR");
    expect(await again.ch.track({ user_id: viewer.id, name: "Vic" })).not.toBe("ok");
    await sleep(300);
    expect(Object.keys(o.ch.presenceState())).not.toContain("viewer-third");
  });
});
