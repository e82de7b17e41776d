import http from "node:http";

/**
 * A small, bounded HTTP load generator for the app benchmark: N keep-alive connections, each
 * sending its next request as soon as the last one ended, for a fixed time and at most a fixed
 * number of requests. Only ever aimed at 127.0.0.1.
 */

export type Timing = { p50: number; p95: number; failures: number };
/** What came back instead of the expected status under load: a status or an error, and how often. */
export type Unexpected = Record<string, number>;
export type LoadResult = Timing & { rps: number; requests: number; unexpected?: Unexpected };
export type ByteTimes = { firstByte: number; lastByte: number; bytes: number; status: number };
export type OneClient = { firstByte: number; lastByte: number; bytes: number; failures: number };

export interface LoadOptions {
  cookie?: string;
  connections: number;
  durationMs?: number;
  maxRequests?: number;
  /** What a page answers with when it works (a guard answers 307). */
  expectStatus?: number;
}

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 4000);
const MAX_REQUESTS = Number(process.env.BENCH_MAX_REQUESTS ?? 5000);
const ONE_CLIENT_SAMPLES = Number(process.env.BENCH_ONE_CLIENT_SAMPLES ?? 40);

function assertLocal(url: string) {
  if (new URL(url).hostname !== "127.0.0.1") throw new Error(`Refusing to load ${url}`);
}

/** One request; times the first byte (headers) and the last byte of the body. */
export function timedGet(url: string, agent: http.Agent, cookie?: string): Promise<ByteTimes> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { agent, headers: cookie ? { cookie } : {} }, (res) => {
      const firstByte = performance.now() - started;
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () =>
        resolve({
          firstByte,
          lastByte: performance.now() - started,
          bytes,
          status: res.statusCode ?? 0,
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** Requests per second and latency (to the last byte) with `connections` clients at once. */
export async function load(url: string, options: LoadOptions): Promise<LoadResult> {
  assertLocal(url);
  const durationMs = options.durationMs ?? DURATION_MS;
  const maxRequests = options.maxRequests ?? MAX_REQUESTS;
  const expect = options.expectStatus ?? 200;
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const times: number[] = [];
  let failures = 0;
  const unexpected: Unexpected = {};
  const note = (what: string) => {
    failures += 1;
    unexpected[what] = (unexpected[what] ?? 0) + 1;
  };
  let sent = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  try {
    await Promise.all(
      Array.from({ length: options.connections }, async () => {
        while (performance.now() < deadline && sent < maxRequests) {
          sent += 1;
          try {
            const { lastByte, status } = await timedGet(url, agent, options.cookie);
            if (status !== expect) note(String(status));
            times.push(lastByte);
          } catch (err) {
            note((err as NodeJS.ErrnoException).code ?? (err as Error).message);
          }
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    rps: times.length / elapsed,
    requests: times.length,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    failures,
    unexpected,
  };
}

/** First and last byte (medians) with a single client on one kept-alive connection. */
export async function oneClient(
  url: string,
  cookie?: string,
  samples = ONE_CLIENT_SAMPLES,
  expectStatus = 200,
): Promise<OneClient> {
  assertLocal(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const first: number[] = [];
  const last: number[] = [];
  let bytes = 0;
  let failures = 0;
  try {
    for (let i = 0; i < samples; i++) {
      const t = await timedGet(url, agent, cookie);
      if (t.status !== expectStatus) failures += 1;
      first.push(t.firstByte);
      last.push(t.lastByte);
      bytes = t.bytes;
    }
  } finally {
    agent.destroy();
  }
  first.sort((a, b) => a - b);
  last.sort((a, b) => a - b);
  return { firstByte: percentile(first, 0.5), lastByte: percentile(last, 0.5), bytes, failures };
}
