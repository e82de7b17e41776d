import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userToken } from "./support/rest-support";
import { LOCAL_SECRET_KEY, type TestBackend } from "./support/local-backend";
import {
  ALICE,
  BOB,
  collector,
  realtimeClient,
  sleep,
  startRealtimeBackend,
  subscribed,
} from "./support/realtime-support";

let t: TestBackend;
let service: SupabaseClient;
const clients: SupabaseClient[] = [];
beforeAll(async () => {
  t = await startRealtimeBackend();
  service = t.serviceClient();
});
afterAll(async () => {
  for (const c of clients) await c.removeAllChannels();
  await t?.stop();
});

type Change = {
  eventType: string;
  new: Record<string, unknown>;
  old: Record<string, unknown>;
  errors: unknown;
  schema: string;
  table: string;
  commit_timestamp: string;
};

async function listen(
  opts: { sub?: string; vsn?: "1.0.0" | "2.0.0" },
  filter: { event: "*" | "INSERT" | "UPDATE" | "DELETE"; table: string; filter?: string },
) {
  const c = await realtimeClient(t, opts);
  clients.push(c);
  const got = collector<Change>();
  const system = collector<Record<string, unknown>>();
  const ch = c
    .channel(`pg-${Math.random()}`)
    .on("postgres_changes", { schema: "public", ...filter }, (p) => got.push(p as never))
    .on("system", {}, (p) => system.push(p));
  expect((await subscribed(ch)).status).toBe("SUBSCRIBED");
  await system.until(1);
  return { got, system, ch };
}

describe("postgres changes", () => {
  it("delivers each event with the real payload shape, only to those RLS lets see the row", async () => {
    const alice = await listen({ sub: ALICE }, { event: "*", table: "notes" });
    const bob = await listen({ sub: BOB, vsn: "1.0.0" }, { event: "*", table: "notes" });
    const anon = await listen({}, { event: "INSERT", table: "notes" });
    expect(alice.system.items[0]).toMatchObject({
      extension: "postgres_changes",
      status: "ok",
      message: "Subscribed to PostgreSQL",
    });

    const ins = await service
      .from("notes")
      .insert({ owner_id: ALICE, title: "first", rating: 1, secret: "s3cret" })
      .select("id")
      .single();
    const id = (ins.data as { id: number }).id;
    // Each write waits for the one before to arrive: an insert or update is checked against the
    // row as it is when delivered (as hosted's apply_rls does), so a row already deleted by then
    // would rightly reach no one whom RLS must admit.
    await alice.got.until(1);
    await service.from("notes").update({ title: "renamed" }).eq("id", id);
    await alice.got.until(2);
    await service.from("notes").delete().eq("id", id);

    const [i, u, d] = await alice.got.until(3);
    expect(i).toMatchObject({
      schema: "public",
      table: "notes",
      eventType: "INSERT",
      new: { id, owner_id: ALICE, title: "first", rating: 1, shared: false },
      old: {},
      errors: null,
    });
    expect(i.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // The column the role may not select never reaches it.
    expect(i.new).not.toHaveProperty("secret");
    expect(u).toMatchObject({ eventType: "UPDATE", new: { title: "renamed" }, old: { id } });
    // With RLS on, a delete carries only the key, as hosted cannot check it against policies.
    expect(d).toMatchObject({ eventType: "DELETE", new: {}, old: { id } });
    expect(Object.keys(d.old)).toEqual(["id"]);

    // Bob may not see Alice's note: he gets only the delete, which hosted sends unchecked.
    await sleep(300);
    expect(bob.got.items.map((c) => c.eventType)).toEqual(["DELETE"]);
    expect(anon.got.items).toEqual([]);
  });

  it("shared rows reach everyone the policy admits, anon included", async () => {
    const anon = await listen({}, { event: "INSERT", table: "notes" });
    const bob = await listen({ sub: BOB }, { event: "INSERT", table: "notes" });
    await service.from("notes").insert({ owner_id: ALICE, title: "public", shared: true });
    const [a] = await anon.got.until(1);
    const [b] = await bob.got.until(1);
    expect(a.new).toMatchObject({ title: "public", shared: true });
    expect(b.new).toMatchObject({ title: "public" });
  });

  it("filters eq, neq, lt, lte, gt, gte and in pick the matching rows", async () => {
    const cases: [string, number[]][] = [
      ["rating=eq.2", [2]],
      ["rating=neq.2", [1, 3]],
      ["rating=lt.2", [1]],
      ["rating=lte.2", [1, 2]],
      ["rating=gt.2", [3]],
      ["rating=gte.2", [2, 3]],
      ["rating=in.(1,3)", [1, 3]],
    ];
    const subs = [];
    for (const [filter] of cases)
      subs.push(await listen({}, { event: "INSERT", table: "notes", filter }));
    for (const rating of [1, 2, 3])
      await service.from("notes").insert({ owner_id: ALICE, rating, shared: true });
    for (const [k, [, want]] of cases.entries()) {
      await subs[k].got.until(want.length);
      await sleep(100);
      expect(subs[k].got.items.map((c) => c.new.rating)).toEqual(want);
    }
  });

  it("a rolled-back write sends nothing; committed ones arrive in commit order", async () => {
    const sub = await listen({}, { event: "*", table: "events" });
    const sql = (query: string) =>
      fetch(`${t.url}/pg/query`, {
        method: "POST",
        headers: { apikey: LOCAL_SECRET_KEY, "content-type": "application/json" },
        body: JSON.stringify({ query }),
      });
    await sql("begin; insert into public.events (kind) values ('lost'); rollback;");
    await sql(
      "insert into public.events (kind) values ('a'); insert into public.events (kind) values ('b');",
    );
    await service.from("events").insert({ kind: "c" });
    const got = await sub.got.until(3);
    await sleep(200);
    expect(got.map((c) => c.new.kind)).toEqual(["a", "b", "c"]);
    // Replica identity full: an update's old row is whole.
    await service.from("events").update({ kind: "c2" }).eq("kind", "c");
    const [, , , u] = await sub.got.until(4);
    expect(u.old).toMatchObject({ kind: "c" });
  });

  it("writes by an RPC and by a trigger on another table arrive too", async () => {
    const sub = await listen({ vsn: "1.0.0" }, { event: "INSERT", table: "events" });
    expect((await service.rpc("add_event", { kind: "rpc" })).error).toBeNull();
    await service.from("unpublished").insert({ id: 1, v: "x" });
    const got = await sub.got.until(2);
    expect(got.map((c) => c.new.kind)).toEqual(["rpc", "trigger:x"]);
  });

  it("a new token on a live channel changes what it may see", async () => {
    const sub = await listen({}, { event: "INSERT", table: "notes" });
    await service.from("notes").insert({ owner_id: ALICE, title: "before" });
    await sleep(300);
    expect(sub.got.items).toEqual([]);
    const c = clients.at(-1) as SupabaseClient;
    await c.realtime.setAuth(await userToken(t, ALICE));
    await sleep(300);
    await service.from("notes").insert({ owner_id: ALICE, title: "after" });
    const [got] = await sub.got.until(1);
    expect(got.new.title).toBe("after");
  });

  it("a table outside the publication is refused with the real system error", async () => {
    const c = await realtimeClient(t);
    clients.push(c);
    const system = collector<Record<string, unknown>>();
    const ch = c
      .channel("nope")
      .on("postgres_changes", { event: "*", schema: "public", table: "unpublished" }, () => {})
      .on("system", {}, (p) => system.push(p));
    await subscribed(ch);
    const [msg] = await system.until(1);
    expect(msg).toMatchObject({ extension: "postgres_changes", status: "error" });
    expect(String(msg.message)).toContain(
      "Unable to subscribe to changes with given parameters. Please check Realtime is enabled",
    );
  });
});
