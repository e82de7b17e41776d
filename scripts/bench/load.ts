import { performance } from "node:perf_hooks";

export interface LoadResult {
  name: string;
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
}

export interface LoadOptions {
  name: string;
  concurrency: number;
  /** Stops after this many requests… */
  maxRequests: number;
  /** …or after this long, whichever comes first. */
  maxMs: number;
  /** One request; resolves true when the answer was the expected one. */
  request: (i: number) => Promise<boolean>;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** `concurrency` clients each sending one request after another, bounded by count and time. */
export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const start = performance.now();
  const deadline = start + o.maxMs;
  const client = async () => {
    while (next < o.maxRequests && performance.now() < deadline) {
      const i = next++;
      const t0 = performance.now();
      const ok = await o.request(i).catch(() => false);
      latencies.push(performance.now() - t0);
      if (!ok) errors++;
    }
  };
  await Promise.all(Array.from({ length: o.concurrency }, client));
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name: o.name,
    requests: latencies.length,
    errors,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
  };
}

export function formatResults(results: LoadResult[]): string {
  const rows = results.map((r) =>
    [
      r.name.padEnd(34),
      String(r.requests).padStart(6),
      String(r.errors).padStart(6),
      r.perSecond.toFixed(0).padStart(8),
      `${r.p50.toFixed(1)} ms`.padStart(10),
      `${r.p95.toFixed(1)} ms`.padStart(10),
    ].join(" "),
  );
  const head = [
    "benchmark".padEnd(34),
    "reqs".padStart(6),
    "errors".padStart(6),
    "req/s".padStart(8),
    "p50".padStart(10),
    "p95".padStart(10),
  ].join(" ");
  return [head, ...rows].join("\n");
}
