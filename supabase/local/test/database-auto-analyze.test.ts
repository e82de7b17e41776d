import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "./support/local-backend";
import { onPostgres } from "./support/postgres";

// A PostgreSQL server's autovacuum keeps planner statistics current; the embedded database has no
// background workers, so the backend analyzes tables that have grown. Without statistics the
// planner takes every table for empty and picks plans that take seconds on a few thousand rows.
describe.skipIf(onPostgres)("planner statistics on the embedded database", () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startTestBackend({ autoAnalyzeEveryMs: 100 });
    await t.backend.db.exec("create table public.planner_sample (id integer, label text)");
  });
  afterAll(() => t?.stop());

  const estimate = async () => {
    const { rows } = await t.backend.db.query<{ reltuples: number }>(
      "select reltuples from pg_class where oid = 'public.planner_sample'::regclass",
    );
    return Number(rows[0].reltuples);
  };
  const plannedRows = async () => {
    const { rows } = await t.backend.db.query<{ "QUERY PLAN": string }>(
      "explain select * from public.planner_sample where id < 100",
    );
    return Number(/rows=(\d+)/.exec(rows[0]["QUERY PLAN"])![1]);
  };

  it("are gathered once a table has grown, and again when it grows by a tenth", async () => {
    await t.backend.db.exec(
      "insert into public.planner_sample select i, repeat('x', 40) from generate_series(1, 5000) i",
    );
    await expect.poll(estimate, { timeout: 10_000 }).toBe(5000);
    // The planner now knows how the values spread: about 99 of 5,000 rows, not a third of them.
    expect(await plannedRows()).toBeLessThan(200);
    // From a small sample (statistics target 10: at most 11 histogram bounds, not 101), as PGlite
    // holds every request while it analyzes.
    const bounds = await t.backend.db.query<{ n: number }>(
      `select pg_catalog.cardinality(histogram_bounds::text::integer[]) as n
         from pg_stats where tablename = 'planner_sample' and attname = 'id'`,
    );
    expect(Number(bounds.rows[0].n)).toBeLessThanOrEqual(11);

    await t.backend.db.exec(
      "insert into public.planner_sample select i, repeat('y', 40) from generate_series(5001, 10000) i",
    );
    await expect.poll(estimate, { timeout: 10_000 }).toBe(10000);
  });

  it("leave a table alone while it has not grown", async () => {
    const before = await t.backend.db.query<{ last: string | null }>(
      "select last_analyze::text as last from pg_stat_user_tables where relname = 'planner_sample'",
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = await t.backend.db.query<{ last: string | null }>(
      "select last_analyze::text as last from pg_stat_user_tables where relname = 'planner_sample'",
    );
    expect(before.rows[0].last).not.toBeNull();
    expect(after.rows[0].last).toBe(before.rows[0].last);
  });
});
