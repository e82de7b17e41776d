import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { collector, realtimeClient, subscribed } from "./support/realtime-support";
import { LOCAL_SECRET_KEY, startTestBackend, type TestBackend } from "./support/local-backend";
import { stopTestCluster, testDatabaseUrl, withoutPostgres } from "./support/postgres";

// On a PostgreSQL server many connections write at once; this file always runs on one (a private
// cluster), whichever engine the other backend tests use.
const FIXTURE = path.join(import.meta.dirname, "fixtures", "realtime-order");
const WRITERS = 20;
const ROUNDS = 4;

let t: TestBackend;
let client: SupabaseClient;
beforeAll(async () => {
  if (withoutPostgres) return;
  const dataDir = mkdtempSync(path.join(tmpdir(), "groundwork-order-"));
  t = await startTestBackend({
    supabaseDir: FIXTURE,
    dataDir,
    dbUrl: await testDatabaseUrl(dataDir),
  });
});
afterAll(async () => {
  await client?.removeAllChannels();
  await t?.stop();
  await stopTestCluster();
});

type Change = { eventType: string; table: string; new: Record<string, number> };

it.skipIf(withoutPostgres)(
  "delivers every change of 20 parallel writers once, in commit order",
  async () => {
    client = await realtimeClient(t, { key: LOCAL_SECRET_KEY });
    const got = collector<Change>();
    const system = collector<{ extension?: string; status?: string }>();
    const ch = client
      .channel("order")
      .on("system", {}, (p) => system.push(p))
      .on("postgres_changes", { event: "*", schema: "public", table: "items" }, (p) =>
        got.push(p as never),
      )
      .on("postgres_changes", { event: "*", schema: "public", table: "counter" }, (p) =>
        got.push(p as never),
      );
    expect((await subscribed(ch)).status).toBe("SUBSCRIBED");
    // As on hosted, the changes flow once the system message confirms the subscription, which
    // comes after the join's reply: writes before it are not this channel's to see.
    expect((await system.until(1))[0]).toMatchObject({
      extension: "postgres_changes",
      status: "ok",
    });

    // Each transaction inserts its item first and bumps the counter last: the counter row's lock
    // orders the commits, and a transaction that inserted early may still commit late.
    const url = t.backend.config.db.url!;
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        try {
          for (let r = 0; r < ROUNDS; r++) {
            const item = w * 100 + r;
            await c.query("begin");
            await c.query("insert into public.items (id) values ($1)", [item]);
            await c.query("select pg_sleep(random() * 0.03)");
            await c.query("update public.counter set n = n + 1, last_item = $1 where id = 1", [
              item,
            ]);
            await c.query("commit");
          }
        } finally {
          await c.end();
        }
      }),
    );

    const total = WRITERS * ROUNDS;
    const events = await got.until(2 * total, 20_000).catch((err: Error) => {
      // Which commits never arrived, to tell a lost transaction from a lost event.
      const bumps = new Set(got.items.filter((e) => e.table === "counter").map((e) => e.new.n));
      const items = new Set(got.items.filter((e) => e.table === "items").map((e) => e.new.id));
      const missing = Array.from({ length: total }, (_, i) => i + 1).filter((n) => !bumps.has(n));
      throw new Error(
        `${err.message}; counter bumps missing: ${missing.join(", ") || "none"}; ` +
          `items arrived: ${items.size} of ${total}`,
      );
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(got.items).toHaveLength(2 * total);
    // Commit order: the k-th transaction's item, then its counter bump to k, and so on.
    const shown = events.map((e) =>
      e.table === "items" ? `insert item ${e.new.id}` : `counter ${e.new.n} by ${e.new.last_item}`,
    );
    const expected: string[] = [];
    for (let k = 1; k <= total; k++) {
      const bump = events.find((e) => e.table === "counter" && e.new.n === k);
      expected.push(`insert item ${bump?.new.last_item}`, `counter ${k} by ${bump?.new.last_item}`);
    }
    expect(shown).toEqual(expected);
    // Every item exactly once.
    const items = events.filter((e) => e.table === "items").map((e) => e.new.id);
    expect(new Set(items).size).toBe(total);
  },
);
