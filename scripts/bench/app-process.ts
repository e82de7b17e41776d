import { spawn, type ChildProcess } from "node:child_process";
import { openSync } from "node:fs";
import path from "node:path";

export interface AppProcess {
  url: string;
  /** The server's process (its CPU is read from /proc by the bench). */
  pid?: number;
  stop(): Promise<void>;
}

async function waitForApp(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app at ${url} exited (${child.exitCode})`);
    try {
      await fetch(url, { redirect: "manual" });
      return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * `next start` of the production build in `dir` on 127.0.0.1, pointed at `supabaseUrl`. Extra
 * Node flags (e.g. --cpu-prof) come from BENCH_NODE_OPTIONS so a run can be profiled; its output
 * goes to the file BENCH_APP_LOG names, if any.
 */
export async function startApp(options: {
  dir: string;
  port: number;
  supabaseUrl: string;
  publishableKey: string;
  secretKey: string;
}): Promise<AppProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  const nodeFlags = (process.env.BENCH_NODE_OPTIONS ?? "").split(" ").filter(Boolean);
  // BENCH_APP_LOG=<file>: the server's own output goes there (what it logged for a failed view).
  const log = process.env.BENCH_APP_LOG ? openSync(process.env.BENCH_APP_LOG, "a") : "ignore";
  const child = spawn(
    process.execPath,
    [
      ...nodeFlags,
      path.join(options.dir, "node_modules/next/dist/bin/next"),
      "start",
      "-H",
      "127.0.0.1",
      "-p",
      String(options.port),
    ],
    {
      cwd: options.dir,
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        NEXT_PUBLIC_SUPABASE_URL: options.supabaseUrl,
        NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: options.publishableKey,
        SUPABASE_SECRET_KEY: options.secretKey,
        SITE_URL: url,
      },
      stdio: ["ignore", log, log],
    },
  );
  await waitForApp(url, child);
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        // SIGINT lets Node write a --cpu-prof profile on the way out.
        child.kill(nodeFlags.length ? "SIGINT" : "SIGTERM");
      }),
  };
}
