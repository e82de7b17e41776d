import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Database } from "./db";

export class MigrationError extends Error {}

/** `20240101000000_name.sql` → version "20240101000000", name "name", as the Supabase CLI records them. */
function parseName(file: string): { version: string; name: string } {
  const m = /^(\d+)_?(.*)\.sql$/.exec(file);
  if (!m) throw new MigrationError(`${file}: migration file names start with a timestamp, e.g. 20250101000000_init.sql`);
  return { version: m[1], name: m[2] };
}

/**
 * Applies supabase/migrations/*.sql in file-name order, each once and in its own transaction,
 * recorded in supabase_migrations.schema_migrations. A failure names the file and leaves the
 * database as it was before that file.
 */
export async function applyMigrations(db: Database, supabaseDir: string): Promise<string[]> {
  const dir = path.join(supabaseDir, "migrations");
  if (!existsSync(dir)) return [];
  const applied = new Set(
    (await db.query<{ version: string }>("select version from supabase_migrations.schema_migrations")).rows.map(
      (r) => r.version,
    ),
  );
  const done: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".sql")).sort()) {
    const { version, name } = parseName(file);
    if (applied.has(version)) continue;
    const sql = readFileSync(path.join(dir, file), "utf8");
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query("insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)", [
          version,
          name,
          [sql],
        ]);
      });
    } catch (err) {
      throw new MigrationError(`migration ${file} failed: ${(err as Error).message}`);
    }
    done.push(file);
  }
  return done;
}

/** Runs supabase/seed.sql, once, on a database that has just been created. */
export async function applySeed(db: Database, supabaseDir: string): Promise<boolean> {
  const file = path.join(supabaseDir, "seed.sql");
  if (!existsSync(file)) return false;
  try {
    await db.transaction((tx) => tx.exec(readFileSync(file, "utf8")).then(() => undefined));
  } catch (err) {
    throw new MigrationError(`seed.sql failed: ${(err as Error).message}`);
  }
  return true;
}
