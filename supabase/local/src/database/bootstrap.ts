import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cachedTemplate, pgliteVersion } from "./data-template";
import { PgliteDatabase, type Database } from "./db";

const here = path.dirname(fileURLToPath(import.meta.url));

function bootstrapFiles(): { name: string; sql: string }[] {
  const dir = path.join(here, "..", "bootstrap");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(dir, name), "utf8") }));
}

async function appliedDigest(db: Database): Promise<string | null> {
  try {
    const { rows } = await db.query<{ digest: string }>(
      "select digest from supabase_local.bootstrap_state limit 1",
    );
    return rows[0]?.digest ?? null;
  } catch {
    // A new database: the state table comes with the first bootstrap.
    return null;
  }
}

function digestOf(files: { name: string; sql: string }[]): string {
  const hash = createHash("sha256");
  for (const f of files) hash.update(`${f.name}\n${f.sql}\n`);
  return hash.digest("hex");
}

/** A new database with the bootstrap already applied, cached per PGlite version and bootstrap digest. */
export function bootstrappedTemplate(): Promise<Blob> {
  const prefix = `pgdata-${pgliteVersion()}-bootstrap-`;
  return cachedTemplate(
    `${prefix}${digestOf(bootstrapFiles()).slice(0, 16)}`,
    async () => {
      const db = await PgliteDatabase.open(null);
      try {
        await bootstrap(db);
        return await db.pg.dumpDataDir("gzip");
      } finally {
        await db.close();
      }
    },
    prefix,
  );
}

/**
 * Applies bootstrap/*.sql in name order. Each file is idempotent; a digest of all of them is kept
 * in the database, so a restart with unchanged files skips the work (most of a warm start).
 */
export async function bootstrap(db: Database): Promise<void> {
  const files = bootstrapFiles();
  const digest = digestOf(files);
  if ((await appliedDigest(db)) === digest) return;
  for (const f of files) await db.exec(f.sql);
  await db.transaction(async (tx) => {
    await tx.exec(
      "create table if not exists supabase_local.bootstrap_state (digest text not null)",
    );
    await tx.query("delete from supabase_local.bootstrap_state");
    await tx.query("insert into supabase_local.bootstrap_state (digest) values ($1)", [digest]);
  });
}
