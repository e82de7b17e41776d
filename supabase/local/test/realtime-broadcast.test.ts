import type { SupabaseClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { LOCAL_PUBLISHABLE_KEY } from "./support/local-backend";
import {
  ALICE,
  BOB,
  collector,
  sleep,
  subscribed,
  realtimeBackendForFile,
} from "./support/realtime-support";

const realtime = realtimeBackendForFile();
const make = realtime.make;

type Msg = { type: string; event: string; payload: unknown; meta?: { id: string } };

async function room(
  c: SupabaseClient,
  name: string,
  config: { self?: boolean; ack?: boolean; private?: boolean } = {},
) {
  const got = collector<Msg>();
  const ch = c
    .channel(name, {
      config: { broadcast: { self: config.self, ack: config.ack }, private: config.private },
    })
    .on("broadcast", { event: "*" }, (m) => got.push(m as Msg));
  const result = await subscribed(ch);
  return { ch, got, ...result };
}

describe.each(["1.0.0", "2.0.0"] as const)("broadcast over vsn %s", (vsn) => {
  it("reaches the others; the sender only with self; ack answers the send", async () => {
    const a = await room(await make({ vsn }), `chat-${vsn}`, { self: true, ack: true });
    const b = await room(await make({ vsn }), `chat-${vsn}`);
    expect([a.status, b.status]).toEqual(["SUBSCRIBED", "SUBSCRIBED"]);
    expect(await a.ch.send({ type: "broadcast", event: "hello", payload: { n: 1 } })).toBe("ok");
    expect(await b.ch.send({ type: "broadcast", event: "hello", payload: { n: 2 } })).toBe("ok");
    await a.got.until(2);
    await b.got.until(1);
    await sleep(100);
    expect(a.got.items.map((m) => m.payload)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(b.got.items).toEqual([{ type: "broadcast", event: "hello", payload: { n: 1 } }]);
  });

  it("broadcast by REST reaches subscribers (batch and single endpoints)", async () => {
    const r = await room(await make({ vsn }), `rest-${vsn}`);
    const sender = await make();
    const ch = sender.channel(`rest-${vsn}`);
    expect(await ch.httpSend("single", { via: "single" })).toEqual({ success: true });
    const res = await fetch(`${realtime.backend().url}/realtime/v1/api/broadcast`, {
      method: "POST",
      headers: { apikey: LOCAL_PUBLISHABLE_KEY, "content-type": "application/json" },
      body: JSON.stringify({
        messages: [{ topic: `rest-${vsn}`, event: "batch", payload: { via: "batch" } }],
      }),
    });
    expect(res.status).toBe(202);
    await r.got.until(2);
    expect(r.got.items.map((m) => [m.event, m.payload])).toEqual([
      ["single", { via: "single" }],
      ["batch", { via: "batch" }],
    ]);
  });
});

describe("binary broadcast (vsn 2.0.0)", () => {
  it("bytes sent by a client or by REST arrive as bytes", async () => {
    const r = await room(await make(), "bytes");
    const s = await room(await make(), "bytes");
    await s.ch.send({
      type: "broadcast",
      event: "blob",
      payload: new Uint8Array([1, 2, 3]).buffer,
    });
    await s.ch.httpSend("rest-blob", new Uint8Array([9, 8]).buffer);
    const [m1, m2] = await r.got.until(2);
    expect(m1.event).toBe("blob");
    expect([...new Uint8Array(m1.payload as ArrayBuffer)]).toEqual([1, 2, 3]);
    expect([...new Uint8Array(m2.payload as ArrayBuffer)]).toEqual([9, 8]);
  });
});

describe("private channels", () => {
  it("the note's owner joins, sends and receives; another user and anon are refused", async () => {
    const svc = realtime.backend().serviceClient();
    const { data } = await svc
      .from("notes")
      .insert({ owner_id: ALICE, title: "mine" })
      .select("id")
      .single();
    const topic = `note:${(data as { id: number }).id}`;
    const a1 = await room(await make({ sub: ALICE }), topic, { private: true });
    const a2 = await room(await make({ sub: ALICE, vsn: "1.0.0" }), topic, { private: true });
    expect([a1.status, a2.status]).toEqual(["SUBSCRIBED", "SUBSCRIBED"]);
    for (const opts of [{ sub: BOB }, {}]) {
      const refused = await room(await make(opts), topic, { private: true });
      expect(refused.status).toBe("CHANNEL_ERROR");
      expect(refused.err?.message).toBe(
        `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
      );
    }
    await a1.ch.send({ type: "broadcast", event: "edit", payload: { y: 1 } });
    const [m] = await a2.got.until(1);
    expect(m.payload).toEqual({ y: 1 });
    // The public room of the same name is another room.
    const pub = await room(await make({ sub: BOB }), topic);
    await a1.ch.send({ type: "broadcast", event: "edit", payload: { y: 2 } });
    await a2.got.until(2);
    expect(pub.got.items).toEqual([]);
    // REST to the private topic: the owner may, another user may not.
    const bobSend = await (
      await make({ sub: BOB })
    )
      .channel(topic, { config: { private: true } })
      .httpSend("edit", { y: 3 })
      .catch((e: Error) => e.message);
    expect(bobSend).toBe("Unauthorized");
  });

  it("a database trigger broadcasts with realtime.send and realtime.broadcast_changes", async () => {
    const svc = realtime.backend().serviceClient();
    const { data } = await svc
      .from("notes")
      .insert({ owner_id: ALICE, title: "draft" })
      .select("id")
      .single();
    const id = (data as { id: number }).id;
    const share = await room(await make({ vsn: "1.0.0" }), `share:${id}`);
    const owner = await room(await make({ sub: ALICE }), `note:${id}`, { private: true });
    await svc.from("notes").update({ title: "published", shared: true }).eq("id", id);
    const [s] = await share.got.until(1);
    expect(s).toMatchObject({ event: "note_changed", payload: { title: "published" } });
    expect(s.meta?.id).toMatch(/^[0-9a-f-]{36}$/);
    const [o] = await owner.got.until(1);
    expect(o.event).toBe("UPDATE");
    expect(o.payload).toMatchObject({
      operation: "UPDATE",
      table: "notes",
      schema: "public",
      record: { id, title: "published" },
      old_record: { id, title: "draft" },
    });
  });
});
