import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from "@groundwork/local-backend/keys";
import { findPostgresBin, startCluster, startLocalBackend } from "@groundwork/local-backend";
import { runLoad, type LoadResult } from "./load";

const FIXTURE = path.join(import.meta.dirname, "../../supabase/local/test/fixtures/rest");
const MAX_REQUESTS = 2000;
const MAX_MS = 8_000;
/** A query that keeps the database busy for a few seconds. */
const HEAVY = "select count(*) from generate_series(1, 40000000)";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function onEngine(engine: string, dbUrl: string | null): Promise<LoadResult[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "groundwork-bench-engines-"));
  const backend = await startLocalBackend({ port: 0, dataDir, supabaseDir: FIXTURE, dbUrl });
  try {
    const anon = { apikey: LOCAL_PUBLISHABLE_KEY };
    const out: LoadResult[] = [];
    for (const concurrency of [10, 50]) {
      out.push(
        await runLoad({
          name: `${engine}: rest select, ${concurrency} clients`,
          concurrency,
          maxRequests: MAX_REQUESTS,
          maxMs: MAX_MS,
          request: async () => {
            const res = await fetch(`${backend.url}/rest/v1/notes?select=id,title&id=eq.1`, {
              headers: anon,
            });
            await res.arrayBuffer();
            return res.status === 200;
          },
        }),
      );
    }
    // /auth/v1/health reads the database; measured while a heavy query runs beside it.
    let busy = true;
    const heavy = fetch(`${backend.url}/pg/query`, {
      method: "POST",
      headers: { apikey: LOCAL_SECRET_KEY, "content-type": "application/json" },
      body: JSON.stringify({ query: HEAVY }),
    }).finally(() => (busy = false));
    await new Promise((r) => setTimeout(r, 100));
    const during = await runLoad({
      name: `${engine}: auth health, heavy query`,
      concurrency: 1,
      maxRequests: 50,
      maxMs: MAX_MS,
      request: async () => {
        const res = await fetch(`${backend.url}/auth/v1/health`);
        await res.arrayBuffer();
        return res.status === 200 && busy;
      },
    });
    await heavy;
    out.push(during);
    return out;
  } finally {
    await backend.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The same requests on PGlite and on a private PostgreSQL cluster: database API requests per
 * second with 10 and 50 clients, and /auth/v1/health latency while a heavy query runs (an error
 * counts an answer that came only after the heavy query had finished).
 */
export async function benchEngines(): Promise<LoadResult[]> {
  const results = await onEngine("pglite", null);
  const bin = await findPostgresBin();
  if (!bin) {
    console.error("engines: no PostgreSQL installed, so only PGlite was measured");
    return results;
  }
  const root = mkdtempSync(path.join(tmpdir(), "groundwork-bench-pg-"));
  // The server runs as `postgres` when this runs as root: it must reach its folder.
  chmodSync(root, 0o755);
  const cluster = await startCluster({
    bin,
    dataDir: path.join(root, "data"),
    socketDir: path.join(root, "sock"),
    port: Number(process.env.SUPABASE_LOCAL_PG_PORT ?? (await freePort())),
  });
  try {
    results.push(...(await onEngine("postgres", cluster.url)));
  } finally {
    await cluster.stop();
    rmSync(root, { recursive: true, force: true });
  }
  return results;
}
