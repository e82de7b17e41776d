import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { LOCAL_PUBLISHABLE_KEY } from "@groundwork/local-backend/keys";
import { startLocalBackend } from "@groundwork/local-backend";
import { runLoad, type LoadResult } from "./load";
import type { Timing } from "./startup";

const FIXTURE = path.join(
  import.meta.dirname,
  "../../supabase/local/test/fixtures/functions/runtime",
);
const RUNS = 3;
const headers = { apikey: LOCAL_PUBLISHABLE_KEY, authorization: `Bearer ${LOCAL_PUBLISHABLE_KEY}` };

async function withBackend<T>(
  run: (url: string) => Promise<T>,
  dataDir = mkdtempSync(path.join(tmpdir(), "groundwork-bench-functions-")),
): Promise<T> {
  const backend = await startLocalBackend({ port: 0, dataDir, supabaseDir: FIXTURE });
  try {
    return await run(`${backend.url}/functions/v1/open`);
  } finally {
    await backend.stop();
  }
}

async function once(url: string): Promise<boolean> {
  const res = await fetch(url, { headers });
  return res.status === 200 && (await res.text()) === "open to anyone";
}

/**
 * The first request to a function (Deno process start, module load, answer), on a backend that
 * has served it before (Deno's cache in the data folder warm) and on a new data folder.
 */
export async function benchFunctionsColdStart(): Promise<Timing[]> {
  const kept = mkdtempSync(path.join(tmpdir(), "groundwork-bench-functions-"));
  try {
    const fresh: number[] = [];
    const cached: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      for (const [runs, dir] of [
        [fresh, mkdtempSync(path.join(tmpdir(), "groundwork-bench-functions-"))],
        [cached, kept],
      ] as const) {
        await withBackend(async (url) => {
          const started = performance.now();
          if (!(await once(url))) throw new Error("the function did not answer");
          runs.push(performance.now() - started);
        }, dir);
        if (dir !== kept) rmSync(dir, { recursive: true, force: true });
      }
    }
    return [
      { name: "function cold start, new data folder", runs: fresh },
      { name: "function cold start, Deno cache kept", runs: cached },
    ];
  } finally {
    rmSync(kept, { recursive: true, force: true });
  }
}

/** A trivial function kept warm, 10 clients, verify_jwt on. */
export async function benchFunctions(): Promise<LoadResult[]> {
  return withBackend(async (url) => {
    await once(url);
    return [
      await runLoad({
        name: "functions: trivial function, warm",
        concurrency: 10,
        maxRequests: 2000,
        maxMs: 10_000,
        request: () => once(url),
      }),
    ];
  });
}
