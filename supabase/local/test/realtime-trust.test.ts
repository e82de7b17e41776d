import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { userToken } from "./support/rest-support";
import { LOCAL_PUBLISHABLE_KEY } from "./support/local-backend";
import {
  ALICE,
  collector,
  realtimeBackendForFile,
  sleep,
  subscribed,
} from "./support/realtime-support";

const realtime = realtimeBackendForFile();
const make = realtime.make;

type Change = {
  eventType: string;
  new: Record<string, unknown>;
  old: Record<string, unknown>;
  errors: unknown;
};

/** supabase-js whose requests and socket carry `token` as they are (any role it claims). */
async function withToken(token: string, vsn: "1.0.0" | "2.0.0" = "2.0.0") {
  const c = createClient(realtime.backend().url, LOCAL_PUBLISHABLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
    realtime: { vsn, heartbeatIntervalMs: 5000 },
  });
  await c.realtime.setAuth(token);
  return c;
}

async function listen(
  c: SupabaseClient,
  filter: {
    event: "*" | "INSERT" | "UPDATE" | "DELETE";
    table: string;
    filter?: string;
    select?: string[];
  },
) {
  const got = collector<Change & { columns?: unknown }>();
  const system = collector<Record<string, unknown>>();
  const ch = c
    .channel(`pg-${Math.random()}`)
    .on("postgres_changes", { schema: "public", ...filter } as never, (p) => got.push(p as never))
    .on("system", {}, (p) => system.push(p));
  expect((await subscribed(ch)).status).toBe("SUBSCRIBED");
  await system.until(1);
  return { got, system, ch };
}

const roleToken = (role: string) => userToken(realtime.backend(), ALICE, { role });

describe("Postgres changes send only the columns the role may select (apply_rls has_column_privilege)", () => {
  it.each(["1.0.0", "2.0.0"] as const)(
    "inserts, updates and old records leave out a column without a grant (vsn %s)",
    async (vsn) => {
      const svc = realtime.backend().serviceClient();
      const anon = await listen(await make({ vsn }), { event: "*", table: "cards" });
      const user = await listen(await make({ vsn, sub: ALICE }), { event: "*", table: "cards" });
      const id = vsn === "1.0.0" ? 1 : 2;
      await svc.from("cards").insert({ id, title: "a", pin: "1234" });
      await svc.from("cards").update({ title: "b", pin: "5678" }).eq("id", id);
      await svc.from("cards").delete().eq("id", id);
      for (const sub of [anon, user]) {
        const [i, u, d] = await sub.got.until(3);
        expect(i).toMatchObject({ eventType: "INSERT", new: { id, title: "a" }, errors: null });
        expect(u).toMatchObject({
          eventType: "UPDATE",
          new: { id, title: "b" },
          old: { id, title: "a" },
        });
        expect(d).toMatchObject({ eventType: "DELETE", old: { id } });
        for (const c of [i, u, d]) {
          expect(JSON.stringify([c.new, c.old])).not.toContain("pin");
          expect(JSON.stringify([c.new, c.old])).not.toMatch(/1234|5678/);
        }
      }
    },
  );

  it("a filter or a select on a column the role may not read is refused at subscribe", async () => {
    const c = await make();
    const byFilter = await listen(c, { event: "*", table: "cards", filter: "pin=eq.1234" });
    expect(byFilter.system.items[0]).toMatchObject({
      extension: "postgres_changes",
      status: "error",
    });
    expect(String(byFilter.system.items[0].message)).toContain(
      "Exception: ERROR P0001 (raise_exception) invalid column for filter pin",
    );
    const bySelect = await listen(c, { event: "*", table: "cards", select: ["title", "pin"] });
    expect(bySelect.system.items[0]).toMatchObject({
      extension: "postgres_changes",
      status: "error",
    });
    expect(String(bySelect.system.items[0].message)).toContain(
      "Exception: ERROR P0001 (raise_exception) invalid column for select pin",
    );
    // Nothing is learned about the pin through either.
    await realtime
      .backend()
      .serviceClient()
      .from("cards")
      .insert({ id: 3, title: "c", pin: "1234" });
    await sleep(400);
    expect(byFilter.got.items).toEqual([]);
    expect(bySelect.got.items).toEqual([]);
  });

  it("a table the role may read no column of sends 'Error 401: Unauthorized', never the row", async () => {
    const sub = await listen(await make({ sub: ALICE }), { event: "*", table: "vault" });
    const svc = realtime.backend().serviceClient();
    await svc.from("vault").insert({ id: 1, code: "s3cret" });
    await svc.from("vault").delete().eq("id", 1);
    const [i, d] = await sub.got.until(2);
    expect(i).toMatchObject({ eventType: "INSERT", errors: ["Error 401: Unauthorized"] });
    expect(d.eventType).toBe("DELETE");
    expect(JSON.stringify([i, d])).not.toContain("s3cret");
    expect(JSON.stringify([d.old])).not.toContain('"id"');
  });
});

describe("only the roles Realtime may switch to (anon, authenticated, service_role) are honoured", () => {
  async function aliceNote() {
    const { data } = await realtime
      .backend()
      .serviceClient()
      .from("notes")
      .insert({ owner_id: ALICE, title: "mine" })
      .select("id")
      .single();
    return `note:${(data as { id: number }).id}`;
  }

  it.each(["postgres", "supabase_admin", "no_such_role"])(
    "a token with role %s cannot join someone's private channel",
    async (role) => {
      const topic = await aliceNote();
      const c = await withToken(await roleToken(role));
      const ch = c.channel(topic, { config: { private: true } });
      const { status, err } = await subscribed(ch);
      expect(status).toBe("CHANNEL_ERROR");
      expect(err?.message).toBe(
        `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
      );
      await c.removeAllChannels();
    },
  );

  it("a token with role postgres gets no rows from Postgres changes", async () => {
    const c = await withToken(await roleToken("postgres"));
    const sub = await listen(c, { event: "INSERT", table: "notes" });
    expect(sub.system.items[0]).toMatchObject({ extension: "postgres_changes", status: "error" });
    expect(String(sub.system.items[0].message)).toContain(
      'ERROR 42501 (insufficient_privilege) permission denied to set role "postgres"',
    );
    await realtime.backend().serviceClient().from("notes").insert({ owner_id: ALICE, title: "x" });
    await sleep(400);
    expect(sub.got.items).toEqual([]);
    await c.removeAllChannels();
  });

  it("a live channel that switches to a postgres token stops getting rows", async () => {
    const c = await make();
    const sub = await listen(c, { event: "INSERT", table: "notes" });
    await c.realtime.setAuth(await roleToken("postgres"));
    await sleep(300);
    await realtime.backend().serviceClient().from("notes").insert({ owner_id: ALICE, title: "y" });
    await sleep(400);
    expect(sub.got.items).toEqual([]);
  });

  it("a live private channel that switches to a postgres token is shut down", async () => {
    const topic = await aliceNote();
    const c = await make({ sub: ALICE });
    const system = collector<Record<string, unknown>>();
    const ch = c
      .channel(topic, { config: { private: true } })
      .on("system", {}, (p) => system.push(p));
    expect((await subscribed(ch)).status).toBe("SUBSCRIBED");
    await c.realtime.setAuth(await roleToken("postgres"));
    const [msg] = await system.until(1);
    expect(msg).toMatchObject({
      extension: "system",
      status: "error",
      message: `You do not have permissions to read from this Channel topic: ${topic}`,
    });
    for (let i = 0; i < 40 && ch.state !== "closed"; i++) await sleep(50);
    expect(ch.state).toBe("closed");
  });

  it("REST broadcast to a private topic with a postgres token is refused", async () => {
    const topic = await aliceNote();
    const owner = collector();
    const ch = (await make({ sub: ALICE }))
      .channel(topic, { config: { private: true } })
      .on("broadcast", { event: "*" }, (m) => owner.push(m));
    expect((await subscribed(ch)).status).toBe("SUBSCRIBED");
    const token = await roleToken("postgres");
    const base = `${realtime.backend().url}/realtime/v1/api/broadcast`;
    const headers = {
      apikey: LOCAL_PUBLISHABLE_KEY,
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
    };
    const single = await fetch(`${base}/${encodeURIComponent(topic)}/events/edit?private=true`, {
      method: "POST",
      headers,
      body: JSON.stringify({ x: 1 }),
    });
    expect(single.status).toBe(403);
    const batch = await fetch(base, {
      method: "POST",
      headers,
      body: JSON.stringify({
        messages: [{ topic, event: "edit", payload: { x: 2 }, private: true }],
      }),
    });
    expect(batch.status).toBe(202);
    // supabase-js's httpSend with the same token is refused too.
    const c = await withToken(token);
    const sent = await c
      .channel(topic, { config: { private: true } })
      .httpSend("edit", { x: 3 })
      .catch((e: Error) => e.message);
    expect(sent).toBe("Unauthorized");
    await sleep(400);
    expect(owner.items).toEqual([]);
  });
});
