import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
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

/** A supabase folder of its own: one migration, three seed files and the given config.toml. */
function project(config: string): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "seed-paths-")), "supabase");
  mkdirSync(path.join(dir, "migrations"), { recursive: true });
  mkdirSync(path.join(dir, "seeds"));
  writeFileSync(
    path.join(dir, "migrations", "20240101000000_items.sql"),
    "create table public.items (n serial primary key, label text not null);",
  );
  for (const name of ["b", "a"])
    writeFileSync(
      path.join(dir, "seeds", `${name}.sql`),
      `insert into items (label) values ('${name}');`,
    );
  writeFileSync(path.join(dir, "seed.sql"), "insert into items (label) values ('seed');");
  writeFileSync(path.join(dir, "config.toml"), config);
  return dir;
}

describe("[db.migrations] and [db.seed] in config.toml", () => {
  const started: string[] = [];
  afterAll(() => {
    for (const dir of started) rmSync(path.dirname(dir), { recursive: true, force: true });
  });
  const start = async (config: string) => {
    const supabaseDir = project(config);
    started.push(supabaseDir);
    const log: string[] = [];
    const b = await startLocalBackend({
      supabaseDir,
      dataDir: null,
      port: 0,
      log: (m) => log.push(m),
    });
    return { b, log };
  };

  it("runs the sql_paths globs in order, each file once, and records them as the CLI does", async () => {
    const { b, log } = await start(
      `[db.seed]\nenabled = true\nsql_paths = ["./seeds/*.sql", "./seed.sql", "./seeds/a.sql"]\n`,
    );
    try {
      const rows = await b.db.query<{ label: string }>("select label from public.items order by n");
      expect(rows.rows.map((r) => r.label)).toEqual(["a", "b", "seed"]);
      const seeds = await b.db.query<{ path: string }>(
        "select path from supabase_migrations.seed_files order by path",
      );
      expect(seeds.rows.map((r) => r.path)).toEqual([
        "supabase/seed.sql",
        "supabase/seeds/a.sql",
        "supabase/seeds/b.sql",
      ]);
      expect(log.join("\n")).not.toMatch(/not supported locally.*\[db\.(seed|migrations)\]/);
    } finally {
      await b.stop();
    }
  });

  it("skips migrations and the seed when they are switched off", async () => {
    const { b } = await start(`[db.migrations]\nenabled = false\n[db.seed]\nenabled = false\n`);
    try {
      const found = await b.db.query("select to_regclass('public.items') as t");
      expect(found.rows).toEqual([{ t: null }]);
    } finally {
      await b.stop();
    }
  });

  it("names a switched-off database API or auth at start, since both are always served", async () => {
    const { b, log } = await start(`[api]\nenabled = false\n[auth]\nenabled = false\n`);
    try {
      const line = log.find((l) => l.startsWith("config.toml: not supported locally"));
      expect(line).toContain("[api] enabled = false");
      expect(line).toContain("[auth] enabled = false");
    } finally {
      await b.stop();
    }
  });
});
