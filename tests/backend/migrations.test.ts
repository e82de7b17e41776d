import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MigrationError } from "@groundwork/local-backend";
import { startLocalBackend, type LocalBackend } from "@groundwork/local-backend";

const fixtures = path.join(import.meta.dirname, "fixtures");
const ok = path.join(fixtures, "migrations-ok");
const failing = path.join(fixtures, "migrations-failing");
const dataDir = mkdtempSync(path.join(tmpdir(), "migrations-test-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function withBackend<T>(
  supabaseDir: string,
  fn: (b: LocalBackend, log: string[]) => Promise<T>,
): Promise<T> {
  const log: string[] = [];
  const backend = await startLocalBackend({
    supabaseDir,
    dataDir,
    port: 0,
    log: (m) => log.push(m),
  });
  try {
    return await fn(backend, log);
  } finally {
    await backend.stop();
  }
}

const items = (b: LocalBackend) =>
  b.db
    .query<{ id: number; label: string }>("select id, label from public.items order by id")
    .then((r) => r.rows);
const history = (b: LocalBackend) =>
  b.db
    .query<{ version: string; name: string; statements: string[] }>(
      "select version, name, statements from supabase_migrations.schema_migrations order by version",
    )
    .then((r) => r.rows);

describe("migrations and seed", () => {
  it("apply in file-name order, each recorded as the CLI records it, then seed.sql on a fresh database", async () => {
    await withBackend(ok, async (b, log) => {
      expect(await items(b)).toEqual([
        { id: 1, label: "from the first migration" },
        { id: 2, label: "from the second migration" },
        { id: 100, label: "from seed.sql" },
      ]);
      const rows = await history(b);
      expect(rows.map(({ version, name }) => ({ version, name }))).toEqual([
        { version: "20240101000000", name: "create_items" },
        { version: "20240102000000", name: "add_done" },
      ]);
      expect(rows[0].statements.join("\n")).toContain("create table public.items");
      const seeds = await b.db.query(
        "select path, length(hash) as hash_length from supabase_migrations.seed_files",
      );
      expect(seeds.rows).toEqual([{ path: "supabase/seed.sql", hash_length: 64 }]);
      expect((await b.db.query("select to_regclass('public.should_not_exist') as t")).rows).toEqual(
        [{ t: null }],
      );
      expect(log.some((line) => line.includes("Skipping migration README.sql"))).toBe(true);
    });
  });

  it("are not applied again, nor the seed, on the next start", async () => {
    await withBackend(ok, async (b, log) => {
      expect((await items(b)).map((r) => r.id)).toEqual([1, 2, 100]);
      expect(await history(b)).toHaveLength(2);
      expect(log.filter((line) => line.startsWith("Applied migration"))).toEqual([]);
    });
  });

  it("a failing migration stops start-up naming the file and the Postgres error, and changes nothing", async () => {
    const start = startLocalBackend({ supabaseDir: failing, dataDir, port: 0 });
    const err = await start.then(
      (b) => b.stop().then(() => null),
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(MigrationError);
    const message = (err as Error).message;
    expect(message).toContain("20240103000000_broken.sql");
    expect(message).toMatch(/relation "public\.no_such_table" does not exist/);
    expect(message).toContain("SQLSTATE 42P01");
    expect(message).toContain("at line 4");

    await withBackend(ok, async (b) => {
      expect((await items(b)).map((r) => r.id)).toEqual([1, 2, 100]);
      expect((await b.db.query("select to_regclass('public.half_done') as t")).rows).toEqual([
        { t: null },
      ]);
      expect((await history(b)).map((r) => r.version)).toEqual([
        "20240101000000",
        "20240102000000",
      ]);
    });
  });

  it("a failed start releases the database, so the next start works", async () => {
    await expect(startLocalBackend({ supabaseDir: failing, dataDir, port: 0 })).rejects.toThrow(
      MigrationError,
    );
    await withBackend(ok, async (b) => {
      expect((await fetch(`${b.url}/auth/v1/health`)).status).toBe(200);
    });
  });
});
