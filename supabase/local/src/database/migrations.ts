import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Database } from "./db";

export class MigrationError extends Error {}

/** The CLI's own pattern: `<timestamp>_<name>.sql`; other files are skipped with a warning. */
const MIGRATION_NAME = /^(\d+)_(.*)\.sql$/;

/** "relation … does not exist (SQLSTATE 42P01) at line 3" from a Postgres error and the SQL it ran. */
export function describePgError(err: unknown, sql: string): string {
  if (!(err instanceof Error)) return String(err);
  const e = err as Error & { code?: unknown; position?: unknown };
  let text = e.message;
  if (typeof e.code === "string") text += ` (SQLSTATE ${e.code})`;
  const position = Number(e.position);
  if (Number.isInteger(position) && position > 0) {
    text += ` at line ${sql.slice(0, position - 1).split("\n").length}`;
  }
  return text;
}

function shown(supabaseDir: string, file: string): string {
  return path.relative(process.cwd(), path.join(supabaseDir, file)) || file;
}

/**
 * Applies supabase/migrations/*.sql in file-name order, each once and in its own transaction,
 * recorded in supabase_migrations.schema_migrations as the Supabase CLI records them. A failure
 * names the file and the Postgres error; the database keeps every earlier migration and nothing
 * of the failing one.
 */
export async function applyMigrations(
  db: Database,
  supabaseDir: string,
  log: (message: string) => void = () => {},
): Promise<string[]> {
  const dir = path.join(supabaseDir, "migrations");
  if (!existsSync(dir)) return [];
  const applied = new Set(
    (
      await db.query<{ version: string }>(
        "select version from supabase_migrations.schema_migrations",
      )
    ).rows.map((r) => r.version),
  );
  const done: string[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    const match = MIGRATION_NAME.exec(file);
    if (!match) {
      log(`Skipping migration ${file}... (file name must match pattern "<timestamp>_name.sql")`);
      continue;
    }
    const [, version, name] = match;
    if (applied.has(version)) continue;
    const sql = readFileSync(path.join(dir, file), "utf8");
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query(
          "insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)",
          [version, name, [sql]],
        );
      });
    } catch (err) {
      throw new MigrationError(
        `migration ${shown(supabaseDir, `migrations/${file}`)} failed and was not applied: ${describePgError(err, sql)}`,
      );
    }
    applied.add(version);
    done.push(file);
  }
  return done;
}

/**
 * Runs each seed file (supabase/seed.sql unless `[db.seed] sql_paths` says otherwise) once per
 * database, each in a transaction, and records it in supabase_migrations.seed_files as the CLI
 * does; `--reset` gives a database that seeds again. Answers the files it ran, as recorded.
 */
export async function applySeed(
  db: Database,
  supabaseDir: string,
  files: string[] = [path.join(supabaseDir, "seed.sql")],
): Promise<string[]> {
  const ran: string[] = [];
  for (const file of files) {
    if (!existsSync(file)) continue;
    // Recorded as the CLI records it, from the project root, whatever the folder is called here.
    const recorded = ["supabase", ...path.relative(supabaseDir, file).split(path.sep)].join("/");
    const seeded = await db.query("select 1 from supabase_migrations.seed_files where path = $1", [
      recorded,
    ]);
    if (seeded.rows.length) continue;
    const sql = readFileSync(file, "utf8");
    const hash = createHash("sha256").update(sql).digest("hex");
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query("insert into supabase_migrations.seed_files (path, hash) values ($1, $2)", [
          recorded,
          hash,
        ]);
      });
    } catch (err) {
      throw new MigrationError(
        `seed ${shown(supabaseDir, path.relative(supabaseDir, file))} failed and was not applied: ${describePgError(err, sql)}`,
      );
    }
    ran.push(recorded);
  }
  return ran;
}
