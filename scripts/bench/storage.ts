import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from "@groundwork/local-backend/keys";
import { startLocalBackend, type LocalBackend } from "@groundwork/local-backend";
import { runLoad, type LoadResult } from "./load";

const FIXTURE = path.join(import.meta.dirname, "../../supabase/local/test/fixtures/storage");
const ALICE = "aaaaaaaa-1111-4111-8111-111111111111";
const CONCURRENCY = 10;
const MAX_REQUESTS = 2000;
const MAX_MS = 10_000;
const SIZES = [
  { label: "1 MB", bytes: 1_000_000, runs: 5 },
  { label: "50 MB", bytes: 50_000_000, runs: 2 },
];

export interface Throughput {
  name: string;
  megabytes: number;
  seconds: number[];
}

const service = { apikey: LOCAL_SECRET_KEY, authorization: `Bearer ${LOCAL_SECRET_KEY}` };

async function timed(fn: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await fn();
  return (performance.now() - started) / 1000;
}

async function withBackend<T>(fn: (backend: LocalBackend) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "groundwork-bench-storage-"));
  const backend = await startLocalBackend({
    port: 0,
    dataDir,
    supabaseDir: FIXTURE,
    env: { ...process.env, SUPABASE_STORAGE_FILE_SIZE_LIMIT: "100MiB" },
  });
  try {
    return await fn(backend);
  } finally {
    await backend.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Upload and download of 1 MB and 50 MB objects through /storage/v1, streamed both ways. */
export function benchStorageThroughput(): Promise<Throughput[]> {
  return withBackend(async (backend) => {
    await fetch(`${backend.url}/storage/v1/bucket`, {
      method: "POST",
      headers: { ...service, "content-type": "application/json" },
      body: JSON.stringify({ name: "bench" }),
    });
    const base = `${backend.url}/storage/v1/object/bench`;
    const out: Throughput[] = [];
    for (const { label, bytes, runs } of SIZES) {
      const body = Buffer.alloc(bytes, 1);
      const up: number[] = [];
      const down: number[] = [];
      for (let i = 0; i < runs; i++) {
        const url = `${base}/${bytes}-${i}.bin`;
        up.push(
          await timed(async () => {
            const res = await fetch(url, {
              method: "POST",
              headers: { ...service, "content-type": "application/octet-stream" },
              body,
            });
            if (!res.ok) throw new Error(`upload failed: ${await res.text()}`);
          }),
        );
        down.push(
          await timed(async () => {
            const res = await fetch(url, { headers: service });
            const got = (await res.arrayBuffer()).byteLength;
            if (got !== bytes) throw new Error(`download returned ${got} bytes`);
          }),
        );
      }
      out.push({ name: `storage: upload ${label}`, megabytes: bytes / 1e6, seconds: up });
      out.push({ name: `storage: download ${label}`, megabytes: bytes / 1e6, seconds: down });
    }
    return out;
  });
}

/** Small downloads and signed-URL creation by a signed-in user, under RLS, with 10 clients. */
export function benchStorage(): Promise<LoadResult[]> {
  return withBackend(async (backend) => {
    const now = Math.floor(Date.now() / 1000);
    const token = await backend.keys.sign({
      sub: ALICE,
      role: "authenticated",
      aud: "authenticated",
      iat: now,
      exp: now + 3600,
    });
    const user = { apikey: LOCAL_PUBLISHABLE_KEY, authorization: `Bearer ${token}` };
    const object = `${backend.url}/storage/v1/object/attachments/${ALICE}/small.txt`;
    const small = "x".repeat(1024);
    await fetch(object, {
      method: "POST",
      headers: { ...user, "content-type": "text/plain" },
      body: small,
    });
    const download = await runLoad({
      name: "storage: download 1 KB (RLS)",
      concurrency: CONCURRENCY,
      maxRequests: MAX_REQUESTS,
      maxMs: MAX_MS,
      request: async () => {
        const res = await fetch(object, { headers: user });
        return res.status === 200 && (await res.text()) === small;
      },
    });
    const sign = await runLoad({
      name: "storage: create signed URL",
      concurrency: CONCURRENCY,
      maxRequests: MAX_REQUESTS,
      maxMs: MAX_MS,
      request: async () => {
        const res = await fetch(object.replace("/object/", "/object/sign/"), {
          method: "POST",
          headers: { ...user, "content-type": "application/json" },
          body: JSON.stringify({ expiresIn: 60 }),
        });
        const body = (await res.json()) as { signedURL?: string };
        return res.status === 200 && !!body.signedURL;
      },
    });
    return [download, sign];
  });
}

export function formatThroughput(rows: Throughput[]): string {
  const head = ["throughput".padEnd(34), "runs".padStart(5), "median MB/s".padStart(12)].join(" ");
  const lines = rows.map((r) => {
    const rates = r.seconds.map((s) => r.megabytes / s).sort((a, b) => a - b);
    const median = rates[Math.floor(rates.length / 2)];
    return [
      r.name.padEnd(34),
      String(rates.length).padStart(5),
      median.toFixed(1).padStart(12),
    ].join(" ");
  });
  return [head, ...lines].join("\n");
}
