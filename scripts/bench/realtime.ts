import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createClient, type RealtimeChannel, type SupabaseClient } from "@supabase/supabase-js";
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from "@groundwork/local-backend/keys";
import { startLocalBackend, type LocalBackend } from "@groundwork/local-backend";
import type { LoadResult } from "./load";

const FIXTURE = path.join(import.meta.dirname, "../../supabase/local/test/fixtures/realtime");
const ALICE = "11111111-1111-1111-1111-111111111111";
const BOB = "22222222-2222-2222-2222-222222222222";
const SUBSCRIBERS = 100;
const SEQUENTIAL_INSERTS = 50;
/** Inserts in the throughput run (10 writers), each delivered to 50 subscribers. */
const LOAD_INSERTS = 200;
const MAX_MS = 10_000;
const BROADCASTS = 50;

function percentile(sorted: number[], p: number): number {
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
    : 0;
}

function result(
  name: string,
  latencies: number[],
  errors: number,
  seconds: number,
  count = latencies.length,
): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    name,
    requests: count,
    errors,
    seconds,
    perSecond: count / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
  };
}

function client(backend: LocalBackend, key = LOCAL_PUBLISHABLE_KEY): SupabaseClient {
  return createClient(backend.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

function joined(ch: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${ch.topic}: no join reply`)), 20_000);
    ch.subscribe((s) => {
      if (s === "SUBSCRIBED") resolve();
      else if (s !== "CLOSED") reject(new Error(s));
      clearTimeout(timer);
    });
  });
}

/** Waits (bounded) until `done()` holds. */
async function until(done: () => boolean, ms: number): Promise<void> {
  const end = performance.now() + ms;
  while (!done() && performance.now() < end) await new Promise((r) => setTimeout(r, 2));
}

async function token(backend: LocalBackend, sub: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  // A different session per device: no two subscribers share claims (the worst case for grouping).
  return backend.keys.sign({
    sub,
    role: "authenticated",
    aud: "authenticated",
    iat: now,
    exp: now + 3600,
    session_id: crypto.randomUUID(),
  });
}

/**
 * /realtime/v1 with 100 subscribers, half of which RLS lets see the inserted rows: delivery
 * latency after a committed insert, inserts per second sustained while delivering, and
 * broadcast fan-out latency to 100 clients.
 */
export async function benchRealtime(): Promise<LoadResult[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "groundwork-bench-realtime-"));
  const backend = await startLocalBackend({ port: 0, dataDir, supabaseDir: FIXTURE });
  const clients: SupabaseClient[] = [];
  try {
    const arrivals = new Map<number, number[]>();
    let delivered = 0;
    for (let i = 0; i < SUBSCRIBERS; i++) {
      const c = client(backend);
      clients.push(c);
      await c.realtime.setAuth(await token(backend, i % 2 ? BOB : ALICE));
      const ch = c
        .channel(`bench-${i}`)
        .on("postgres_changes", { event: "INSERT", schema: "public", table: "notes" }, (p) => {
          const n = Number((p.new as { rating: number }).rating);
          (arrivals.get(n) ?? arrivals.set(n, []).get(n)!).push(performance.now());
          delivered++;
        });
      await joined(ch);
    }
    await new Promise((r) => setTimeout(r, 500));
    console.error(`  ${SUBSCRIBERS} subscribers joined`);
    const service = client(backend, LOCAL_SECRET_KEY);
    const allowed = SUBSCRIBERS / 2;

    // Latency: one insert at a time, each waited for at all allowed subscribers.
    const latencies: number[] = [];
    let missing = 0;
    const t0All = performance.now();
    for (let n = 1; n <= SEQUENTIAL_INSERTS; n++) {
      const t0 = performance.now();
      await service.from("notes").insert({ owner_id: ALICE, title: "bench", rating: n });
      await until(() => (arrivals.get(n)?.length ?? 0) >= allowed, 2000);
      const got = arrivals.get(n) ?? [];
      missing += allowed - got.length;
      latencies.push(...got.map((t) => t - t0));
    }
    const latency = result(
      `realtime: insert→delivery (${allowed}/${SUBSCRIBERS} see it)`,
      latencies,
      missing,
      (performance.now() - t0All) / 1000,
    );

    console.error("  latency measured");
    // Throughput: a bounded number of inserts from 10 writers, each delivered to every allowed
    // subscriber; the time runs until the last delivery (or the bound).
    const before = delivered;
    let inserted = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (inserted < LOAD_INSERTS && performance.now() - start < MAX_MS) {
          await service
            .from("notes")
            .insert({ owner_id: ALICE, title: "load", rating: 100_000 + inserted++ });
        }
      }),
    );
    await until(() => delivered - before >= inserted * allowed, 3 * MAX_MS);
    const seconds = (performance.now() - start) / 1000;
    const throughput = result(
      `realtime: inserts/s while delivering`,
      [],
      inserted * allowed - (delivered - before),
      seconds,
      inserted,
    );

    console.error("  throughput measured");
    // Broadcast fan-out: one sender, 100 receivers on one topic, on fresh sockets.
    for (const c of clients.splice(0)) c.realtime.disconnect();
    const fan: number[] = [];
    for (let i = 0; i < SUBSCRIBERS; i++) {
      const c = client(backend);
      clients.push(c);
      await joined(
        c
          .channel("fanout")
          .on("broadcast", { event: "tick" }, (m) =>
            fan.push(performance.now() - (m.payload as { at: number }).at),
          ),
      );
    }
    const sender = client(backend).channel("fanout");
    await joined(sender);
    const fanStart = performance.now();
    for (let i = 0; i < BROADCASTS; i++) {
      await sender.send({ type: "broadcast", event: "tick", payload: { at: performance.now() } });
      await until(() => fan.length >= (i + 1) * SUBSCRIBERS, 1000);
    }
    const fanout = result(
      `realtime: broadcast to ${SUBSCRIBERS} clients`,
      fan,
      BROADCASTS * SUBSCRIBERS - fan.length,
      (performance.now() - fanStart) / 1000,
    );
    return [latency, throughput, fanout];
  } finally {
    // Closing the sockets is enough: the backend drops their channels.
    for (const c of clients) c.realtime.disconnect();
    await backend.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
