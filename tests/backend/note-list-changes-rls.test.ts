import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_SECRET_KEY } from "@groundwork/local-backend/testing";
import { collector, realtimeClient, sleep } from "@groundwork/local-backend/testing/realtime";
import { startNotesWorld, type NotesWorld } from "./notes-support";

// A change to a note reaches its owner's open lists on their private topic `notes:<owner>`, sent
// by a trigger with realtime.send and carrying only what the list shows; realtime.messages'
// policies decide who joins it, as on hosted Realtime's Authorization.

type Heard = { event: string; payload: Record<string, unknown> };

let w: NotesWorld;
const clients: SupabaseClient[] = [];
beforeAll(async () => {
  w = await startNotesWorld();
}, 180_000);
afterAll(async () => {
  for (const c of clients) await c.removeAllChannels();
  await w?.t.stop();
});

/** Joins `notes:<topicOwner>` as `who` (a person's id, "anon" or "service"). */
async function listen(topicOwner: string, who: string) {
  const client =
    who === "anon"
      ? await realtimeClient(w.t)
      : who === "service"
        ? await realtimeClient(w.t, { key: LOCAL_SECRET_KEY })
        : await realtimeClient(w.t, { sub: who });
  clients.push(client);
  const heard = collector<Heard>();
  const ch = client
    .channel(`notes:${topicOwner}`, { config: { private: true } })
    .on("broadcast", { event: "*" }, (m) => heard.push(m as never));
  const status = await new Promise<string>((resolve) =>
    ch.subscribe((s) => {
      if (s !== "CLOSED") resolve(s);
    }),
  );
  return { status, heard };
}

const LIST_FIELDS = [
  "body_start",
  "deleted_at",
  "folder_id",
  "id",
  "pinned",
  "title",
  "updated_at",
];

describe("a note's changes on its owner's private notes topic", () => {
  it("reach the owner's devices and the service role; another person and anon cannot join", async () => {
    const [laptop, phone, other, anon, service] = await Promise.all([
      listen(w.ownerId, w.ownerId),
      listen(w.ownerId, w.ownerId),
      listen(w.ownerId, w.otherId),
      listen(w.ownerId, "anon"),
      listen(w.ownerId, "service"),
    ]);
    expect([laptop.status, phone.status, service.status]).toEqual([
      "SUBSCRIBED",
      "SUBSCRIBED",
      "SUBSCRIBED",
    ]);
    expect(other.status).toBe("CHANNEL_ERROR");
    expect(anon.status).toBe("CHANNEL_ERROR");
    // The other person's own topic hears nothing of the owner's notes.
    const othersOwn = await listen(w.otherId, w.otherId);
    expect(othersOwn.status).toBe("SUBSCRIBED");

    const body = `Plans for the trip. ${"Long paragraph of details. ".repeat(2000)}`;
    const made = await w.owner
      .from("notes")
      .insert({ title: "Lisbon", body })
      .select("id, updated_at")
      .single();
    expect(made.error).toBeNull();
    const id = made.data!.id;

    const [inserted] = await laptop.heard.until(1);
    expect(inserted.event).toBe("insert");
    expect(Object.keys(inserted.payload).sort()).toEqual(LIST_FIELDS);
    expect(inserted.payload).toMatchObject({
      id,
      title: "Lisbon",
      body_start: body.slice(0, 160),
      folder_id: null,
      pinned: false,
      deleted_at: null,
    });
    expect(Date.parse(String(inserted.payload.updated_at))).toBe(Date.parse(made.data!.updated_at));
    // A few hundred bytes, not the 50,000-character body, its search vector or its document.
    expect(JSON.stringify(inserted.payload).length).toBeLessThan(400);
    expect((await phone.heard.until(1))[0]).toEqual(inserted);
    expect((await service.heard.until(1))[0]).toEqual(inserted);

    await sleep(300);
    expect(other.heard.items).toEqual([]);
    expect(anon.heard.items).toEqual([]);
    expect(othersOwn.heard.items).toEqual([]);
  });

  it("tells each listed change once and skips a write that changes nothing the list shows", async () => {
    const mine = await listen(w.ownerId, w.ownerId);
    const made = await w.owner.from("notes").insert({ title: "Groceries" }).select("id").single();
    const id = made.data!.id;
    const write = async (result: PromiseLike<{ error: { message: string } | null }>) =>
      expect((await result).error?.message ?? null).toBeNull();
    // Nothing the list shows changes: no message.
    await write(w.owner.from("notes").update({ pinned: false }).eq("id", id));
    await write(w.owner.from("notes").update({ pinned: true }).eq("id", id));
    // The text derived on the server from the note's document.
    await write(w.service.from("notes").update({ body: "Milk, eggs" }).eq("id", id));
    await write(
      w.owner.from("notes").update({ deleted_at: new Date().toISOString() }).eq("id", id),
    );
    await write(w.service.from("notes").delete().eq("id", id));

    const heard = await mine.heard.until(5);
    await sleep(300);
    expect(heard.map((h) => [h.event, h.payload.id])).toEqual([
      ["insert", id],
      ["update", id],
      ["update", id],
      ["update", id],
      ["delete", id],
    ]);
    expect(heard[1].payload).toMatchObject({ pinned: true, body_start: "" });
    expect(heard[2].payload).toMatchObject({ pinned: true, body_start: "Milk, eggs" });
    expect(heard[3].payload.deleted_at).not.toBeNull();
    expect(heard[4].payload).toEqual({ id });
  });
});
