import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from "@groundwork/local-backend/keys";
import { startLocalBackend, type LocalBackend, type StartOptions } from "@groundwork/local-backend";
import { afterAll } from "vitest";
import { onPostgres, stopTestCluster, testDatabaseUrl } from "./postgres";

// The test file's PostgreSQL cluster (SUPABASE_TEST_DB=postgres) goes after everything else ends.
if (onPostgres) afterAll(stopTestCluster);

export { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY };

export interface TestBackend {
  backend: LocalBackend;
  url: string;
  /** The mail inbox, on its own port (e.g. `${inboxUrl}/api/messages`). */
  inboxUrl: string;
  dataDir: string;
  /** A supabase-js client with the publishable key that keeps its session in memory. */
  anonClient(): SupabaseClient;
  /** A supabase-js client with the secret key. */
  serviceClient(): SupabaseClient;
  stop(): Promise<void>;
}

/** This package's folder: its bootstrap and database code shape every new database too. */
const PACKAGE_DIR = path.resolve(import.meta.dirname, "..", "..");

/** Names what a migrated database is made of: the project's migrations and config, and the bootstrap. */
function migratedKey(supabaseDir: string): string {
  const hash = createHash("sha256");
  const add = (dir: string, keep: (file: string) => boolean) => {
    if (!existsSync(dir)) return;
    for (const file of readdirSync(dir).filter(keep).sort()) {
      hash.update(`${path.relative(PACKAGE_DIR, dir)}/${file}\n`);
      hash.update(readFileSync(path.join(dir, file)));
    }
  };
  add(path.join(supabaseDir, "migrations"), (f) => f.endsWith(".sql"));
  add(supabaseDir, (f) => f === "config.toml" || f === "seed.sql");
  add(path.join(PACKAGE_DIR, "src", "bootstrap"), (f) => f.endsWith(".sql"));
  add(path.join(PACKAGE_DIR, "src", "database"), (f) => f.endsWith(".ts"));
  return hash.digest("hex").slice(0, 16);
}

/**
 * Fills `dataDir` with a copy of a data folder the project's migrations were applied to, made once
 * per set of migrations and kept in the system's temporary folder: a backend started on it finds
 * every migration recorded and applies none, where applying them all took most of each test
 * file's start.
 */
export async function copyMigrated(supabaseDir: string, dataDir: string): Promise<void> {
  const kept = path.join(tmpdir(), `groundwork-migrated-${migratedKey(supabaseDir)}`);
  if (!existsSync(path.join(kept, "PG_VERSION"))) {
    const scratch = mkdtempSync(path.join(tmpdir(), "groundwork-migrating-"));
    const made = await startLocalBackend({ port: 0, inboxPort: 0, dataDir: scratch, supabaseDir });
    await made.stop();
    try {
      renameSync(scratch, kept);
    } catch {
      // Another test file made it at the same moment; either copy will do.
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  cpSync(kept, dataDir, { recursive: true });
}

/**
 * Starts the local backend on a free loopback port with its own temporary data folder.
 * `supabaseDir` lets a test point at a fixture folder with its own config.toml and migrations.
 * `copyMigrated` starts from a copy of a database the migrations were already applied to (the
 * project's own tests: their backends all start from the same migrations).
 */
export async function startTestBackend(
  options: StartOptions & { keepDataDir?: string; copyMigrated?: boolean } = {},
): Promise<TestBackend> {
  const { copyMigrated: fromCopy, ...startOptions } = options;
  const dataDir = options.keepDataDir ?? mkdtempSync(path.join(tmpdir(), "groundwork-backend-"));
  if (
    fromCopy &&
    !options.keepDataDir &&
    !options.reset &&
    options.dbUrl === undefined &&
    !onPostgres
  )
    await copyMigrated(
      path.resolve(options.supabaseDir ?? path.join(process.cwd(), "supabase")),
      dataDir,
    );
  const dbUrl =
    options.dbUrl === undefined && onPostgres
      ? await testDatabaseUrl(dataDir, options.reset)
      : options.dbUrl;
  // Hosted's strictness about keys, so a request that forgets its key fails here as on deploy.
  const env = options.env ?? process.env;
  const backend = await startLocalBackend({
    port: 0,
    inboxPort: 0,
    dataDir,
    ...startOptions,
    dbUrl,
    env: { ...env, SUPABASE_LOCAL_REQUIRE_API_KEY: env.SUPABASE_LOCAL_REQUIRE_API_KEY || "on" },
  });
  const client = (key: string) =>
    createClient(backend.url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  return {
    backend,
    url: backend.url,
    inboxUrl: backend.inboxUrl ?? "",
    dataDir,
    anonClient: () => client(LOCAL_PUBLISHABLE_KEY),
    serviceClient: () => client(LOCAL_SECRET_KEY),
    async stop() {
      await backend.stop();
      if (!options.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
