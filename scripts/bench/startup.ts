import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { spawnBackend } from "@groundwork/local-backend/process";

export interface Timing {
  name: string;
  runs: number[];
}

const RUNS = 3;

/** Spawns the CLI on a free port and times it until GET /auth/v1/health answers 200. */
async function timeStart(dataDir: string, env: Record<string, string> = {}): Promise<number> {
  const started = performance.now();
  const backend = await spawnBackend({ dataDir, env, timeoutMs: 120_000 });
  const ms = performance.now() - started;
  await backend.stop("SIGTERM");
  return ms;
}

/**
 * Start to healthy, as a person sees it after `npm run backend` (process start, WebAssembly
 * Postgres, bootstrap, migrations, listening): on a new machine (no cached initdb template), on a
 * fresh data folder, and on an existing one.
 */
export async function benchStartup(): Promise<Timing[]> {
  const work = mkdtempSync(path.join(tmpdir(), "groundwork-bench-startup-"));
  try {
    const cold: number[] = [];
    const fresh: number[] = [];
    const existing: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const cache = path.join(work, `cache-${i}`);
      cold.push(await timeStart(path.join(work, `cold-${i}`), { SUPABASE_LOCAL_CACHE_DIR: cache }));
      fresh.push(await timeStart(path.join(work, `fresh-${i}`)));
    }
    const kept = path.join(work, "existing");
    await timeStart(kept);
    for (let i = 0; i < RUNS; i++) existing.push(await timeStart(kept));
    return [
      { name: "start to healthy: new machine, fresh data folder", runs: cold },
      { name: "start to healthy: fresh data folder", runs: fresh },
      { name: "start to healthy: existing data folder", runs: existing },
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export function formatTimings(timings: Timing[]): string {
  const head = [
    "measurement".padEnd(50),
    "runs".padStart(5),
    "median".padStart(10),
    "min".padStart(10),
    "max".padStart(10),
  ].join(" ");
  const rows = timings.map((t) => {
    const sorted = [...t.runs].sort((a, b) => a - b);
    const ms = (n: number) => `${Math.round(n)} ms`.padStart(10);
    return [
      t.name.padEnd(50),
      String(sorted.length).padStart(5),
      ms(sorted[Math.floor(sorted.length / 2)]),
      ms(sorted[0]),
      ms(sorted.at(-1) ?? 0),
    ].join(" ");
  });
  return [head, ...rows].join("\n");
}
