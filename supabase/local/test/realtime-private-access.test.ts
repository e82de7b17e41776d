import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { userToken } from "./support/rest-support";
import {
  ALICE,
  BOB,
  collector,
  realtimeBackendForFile,
  sleep,
  subscribed,
} from "./support/realtime-support";

const realtime = realtimeBackendForFile();
const make = realtime.make;

type Msg = { event: string; payload: Record<string, unknown> };

async function newNote(owner: string): Promise<number> {
  const { data, error } = await realtime
    .backend()
    .serviceClient()
    .from("notes")
    .insert({ owner_id: owner, title: "private" })
    .select("id")
    .single();
  if (error) throw error;
  return data.id as number;
}

async function giveNote(id: number, to: string): Promise<void> {
  const { error } = await realtime
    .backend()
    .serviceClient()
    .from("notes")
    .update({ owner_id: to })
    .eq("id", id);
  if (error) throw error;
}

/** A client signed in as `sub` on the note's private channel, with what it receives. */
async function onNote(sub: string, id: number, c?: SupabaseClient) {
  const client = c ?? (await make({ sub }));
  const got = collector<Msg>();
  const system = collector<Record<string, unknown>>();
  const statuses: string[] = [];
  const ch: RealtimeChannel = client
    .channel(`note:${id}`, { config: { private: true } })
    .on("broadcast", { event: "edit" }, (m) => got.push(m as unknown as Msg))
    .on("system", {}, (p) => system.push(p));
  const joined = await new Promise<string>((resolve) =>
    ch.subscribe((s) => {
      statuses.push(s);
      if (s !== "CLOSED") resolve(s);
    }),
  );
  return { client, ch, got, system, statuses, joined };
}

describe("private channels decide access as hosted Realtime does", () => {
  it("policies are read at join: someone the policies refuse cannot join", async () => {
    const id = await newNote(ALICE);
    const bob = await make({ sub: BOB });
    const { status, err } = await subscribed(
      bob.channel(`note:${id}`, { config: { private: true } }),
    );
    expect(status).toBe("CHANNEL_ERROR");
    expect(err?.message).toContain("You do not have permissions to read from this Channel topic");
  });

  it("access taken away ends a live channel at its next token: nothing more is received or sent", async () => {
    const id = await newNote(ALICE);
    const sender = await onNote(ALICE, id);
    const reader = await onNote(ALICE, id);
    expect([sender.joined, reader.joined]).toEqual(["SUBSCRIBED", "SUBSCRIBED"]);
    await sender.ch.send({ type: "broadcast", event: "edit", payload: { n: 1 } });
    await reader.got.until(1);

    await giveNote(id, BOB);
    // Hosted keeps a channel's policies for its life and reads them again with each new token.
    const token = await userToken(realtime.backend(), ALICE, {
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    await sender.client.realtime.setAuth(token);
    const [msg] = await sender.system.until(1);
    expect(msg).toMatchObject({
      extension: "system",
      status: "error",
      message: `You do not have permissions to read from this Channel topic: note:${id}`,
    });
    for (let i = 0; i < 40 && !sender.statuses.includes("CLOSED"); i++) await sleep(25);
    expect(sender.statuses).toContain("CLOSED");

    // The reader's own token is renewed as well: its channel ends, and the sender's last word,
    // sent after its channel closed, reaches nobody.
    await reader.client.realtime.setAuth(token);
    await reader.system.until(1);
    const bob = await onNote(BOB, id);
    expect(bob.joined).toBe("SUBSCRIBED");
    await sender.ch.send({ type: "broadcast", event: "edit", payload: { n: 2 } });
    await sleep(300);
    expect(reader.got.items.map((m) => m.payload)).toEqual([{ n: 1 }]);
    expect(bob.got.items).toEqual([]);

    // A new join is refused as well.
    const again = await make({ sub: ALICE });
    const { status } = await subscribed(again.channel(`note:${id}`, { config: { private: true } }));
    expect(status).toBe("CHANNEL_ERROR");
  });

  it("a broadcast is not held behind the database's queued work", async () => {
    const id = await newNote(ALICE);
    const sender = await onNote(ALICE, id);
    const reader = await onNote(ALICE, id);
    // The first broadcast reads the write policy (once, as hosted); later ones need no database.
    await sender.ch.send({ type: "broadcast", event: "edit", payload: { n: 0 } });
    await reader.got.until(1);

    const db = realtime.backend().backend.db;
    let done = 0;
    const work = Array.from({ length: 40 }, () =>
      db.query("select count(*) from generate_series(1, 20000)").then(() => done++),
    );
    await sender.ch.send({ type: "broadcast", event: "edit", payload: { n: 1 } });
    await reader.got.until(2, 20_000);
    const doneWhenReceived = done;
    await Promise.all(work);
    expect(doneWhenReceived).toBeLessThan(work.length);
  });
});
