import { globSync } from "node:fs";
import path from "node:path";
import type { ConfigSource } from "../config/config-source";

/** `[db.migrations]` and `[db.seed]`: what runs when the database is prepared. */
export interface DbConfig {
  /**
   * A PostgreSQL server to run on instead of the embedded database (SUPABASE_DB_URL or
   * `--db-url`), reached as a superuser; null keeps PGlite.
   */
  url: string | null;
  /** Connections each pool to that server keeps at most (SUPABASE_LOCAL_DB_POOL_SIZE). */
  poolSize: number;
  /** Bootstrap a server database that already holds something (SUPABASE_DB_ADOPT, `--adopt-database`). */
  adopt: boolean;
  /** `[db] major_version`: the Postgres major version hosted runs for the project. */
  majorVersion: number;
  /** False skips supabase/migrations, as `enabled = false` does for the CLI. */
  migrations: boolean;
  seed: {
    enabled: boolean;
    /** The seed files, in the order sql_paths names them (each glob's matches sorted). */
    files: string[];
  };
}

/** sql_paths are globs relative to the supabase folder; a file matched twice runs once. */
function seedFiles(supabaseDir: string, patterns: string[]): string[] {
  const files: string[] = [];
  for (const pattern of patterns) {
    const matches = globSync(pattern, { cwd: supabaseDir }).sort();
    for (const match of matches) {
      const file = path.resolve(supabaseDir, match);
      if (!files.includes(file)) files.push(file);
    }
  }
  return files;
}

export function parseDbConfig(c: ConfigSource, supabaseDir: string): DbConfig {
  return {
    url: null,
    poolSize: 10,
    adopt: false,
    majorVersion: 17,
    migrations: c.boolean("db.migrations.enabled", true),
    seed: {
      enabled: c.boolean("db.seed.enabled", true),
      files: seedFiles(supabaseDir, c.strings("db.seed.sql_paths", ["./seed.sql"])),
    },
  };
}
