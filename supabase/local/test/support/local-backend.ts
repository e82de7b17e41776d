import { mkdtempSync, rmSync } from "node:fs";
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

/**
 * Starts the local backend on a free loopback port with its own temporary data folder.
 * `supabaseDir` lets a test point at a fixture folder with its own config.toml and migrations.
 */
export async function startTestBackend(
  options: StartOptions & { keepDataDir?: string } = {},
): Promise<TestBackend> {
  const dataDir = options.keepDataDir ?? mkdtempSync(path.join(tmpdir(), "groundwork-backend-"));
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
    ...options,
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
