import { chmodSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createClient, type RealtimeChannel } from "@supabase/supabase-js";
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from "@groundwork/local-backend/keys";
import { findPostgresBin, startCluster } from "@groundwork/local-backend";
import { spawnBackend } from "@groundwork/local-backend/process";
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

/** What the measurements need of a running backend. */
type Backend = { url: string };

const SIGN_IN_CLIENTS = 10;
const SUBSCRIBERS = 50;
const CHANGES = 30;
const PASSWORD = "bench-password-123";

async function sql(backend: Backend, query: string): Promise<void> {
  const res = await fetch(`${backend.url}/pg/query`, {
    method: "POST",
    headers: { apikey: LOCAL_SECRET_KEY, "content-type": "application/json" },
    body: JSON.stringify({ query }),
  });
  if (!res.ok) throw new Error(`${query.slice(0, 40)}…: ${res.status} ${await res.text()}`);
}

/** Password sign-ins per second with 10 clients (rate limits off: the server's throughput). */
async function signIns(engine: string, backend: Backend): Promise<LoadResult> {
  const auth = `${backend.url}/auth/v1`;
  const emails = Array.from({ length: SIGN_IN_CLIENTS }, (_, i) => `bench-${i}@example.com`);
  for (const email of emails) {
    const res = await fetch(`${auth}/admin/users`, {
      method: "POST",
      headers: {
        apikey: LOCAL_SECRET_KEY,
        authorization: `Bearer ${LOCAL_SECRET_KEY}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ email, password: PASSWORD, email_confirm: true }),
    });
    if (!res.ok) throw new Error(`creating ${email}: ${res.status} ${await res.text()}`);
  }
  return runLoad({
    name: `${engine}: password sign-in, ${SIGN_IN_CLIENTS} clients`,
    concurrency: SIGN_IN_CLIENTS,
    maxRequests: 500,
    maxMs: MAX_MS,
    request: async (i) => {
      const res = await fetch(`${auth}/token?grant_type=password`, {
        method: "POST",
        headers: { apikey: LOCAL_PUBLISHABLE_KEY, "content-type": "application/json" },
        body: JSON.stringify({ email: emails[i % SIGN_IN_CLIENTS], password: PASSWORD }),
      });
      await res.arrayBuffer();
      return res.status === 200;
    },
  });
}

/** A committed insert's delivery to 50 Postgres-changes subscribers, one insert at a time. */
async function changeFanout(engine: string, backend: Backend): Promise<LoadResult> {
  await sql(
    backend,
    `create table public.bench_changes (id bigint generated always as identity primary key, n int not null);
     alter table public.bench_changes enable row level security;
     create policy "everyone reads" on public.bench_changes for select using (true);
     grant select on public.bench_changes to anon;
     alter publication supabase_realtime add table public.bench_changes;`,
  );
  const arrivals = new Map<number, number[]>();
  const clients = Array.from({ length: SUBSCRIBERS }, () =>
    createClient(backend.url, LOCAL_PUBLISHABLE_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    }),
  );
  try {
    for (const [i, c] of clients.entries()) {
      const ch = c
        .channel(`bench-${i}`)
        .on(
          "postgres_changes",
          { event: "INSERT", schema: "public", table: "bench_changes" },
          (p) => {
            const n = Number((p.new as { n: number }).n);
            (arrivals.get(n) ?? arrivals.set(n, []).get(n)!).push(performance.now());
          },
        );
      await joined(ch);
    }
    const latencies: number[] = [];
    let missing = 0;
    const start = performance.now();
    for (let n = 1; n <= CHANGES; n++) {
      const t0 = performance.now();
      await sql(backend, `insert into public.bench_changes (n) values (${n})`);
      const end = performance.now() + 2000;
      while ((arrivals.get(n)?.length ?? 0) < SUBSCRIBERS && performance.now() < end)
        await new Promise((r) => setTimeout(r, 2));
      const got = arrivals.get(n) ?? [];
      missing += SUBSCRIBERS - got.length;
      latencies.push(...got.map((t) => t - t0));
    }
    const seconds = (performance.now() - start) / 1000;
    const sorted = latencies.sort((a, b) => a - b);
    const at = (p: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
    return {
      name: `${engine}: change to ${SUBSCRIBERS} subscribers`,
      requests: latencies.length,
      errors: missing,
      seconds,
      perSecond: latencies.length / seconds,
      p50: at(0.5),
      p95: at(0.95),
    };
  } finally {
    for (const c of clients) c.realtime.disconnect();
  }
}

function joined(ch: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${ch.topic}: no join reply`)), 20_000);
    ch.subscribe((s) => {
      clearTimeout(timer);
      if (s === "SUBSCRIBED") resolve();
      else if (s !== "CLOSED") reject(new Error(s));
    });
  });
}

async function onEngine(engine: string, dbUrl: string | null): Promise<LoadResult[]> {
  // The backend runs in a process of its own, as `npm run backend` runs it for the app: the
  // requests measured here never share an event loop with the clients that send them.
  const project = mkdtempSync(path.join(tmpdir(), "groundwork-bench-engines-"));
  symlinkSync(FIXTURE, path.join(project, "supabase"));
  const backend = await spawnBackend({
    cwd: project,
    dataDir: path.join(project, "data"),
    timeoutMs: 120_000,
    env: { SUPABASE_LOCAL_RATE_LIMITS: "off", SUPABASE_DB_URL: dbUrl ?? undefined },
  });
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
    out.push(await signIns(engine, backend));
    out.push(await changeFanout(engine, backend));
    return out;
  } finally {
    await backend.stop();
    rmSync(project, { recursive: true, force: true });
  }
}

/**
 * The same requests on PGlite and on a private PostgreSQL cluster: database API requests per
 * second with 10 and 50 clients, /auth/v1/health latency while a heavy query runs (an error
 * counts an answer that came only after the heavy query had finished), password sign-ins per
 * second, and a change's delivery latency to 50 Realtime subscribers.
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
