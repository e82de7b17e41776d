import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
// The backend package's own command; it loads its TypeScript in the same process.
const BIN = createRequire(import.meta.url).resolve("@groundwork/local-backend/bin");

export interface BackendProcess {
  child: ChildProcess;
  /** The API URL the backend printed once it was listening. */
  url: string;
  /** The mail inbox's URL it printed (its own port); null when the inbox is switched off. */
  inboxUrl: string | null;
  /** Everything it wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves when the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface SpawnBackendOptions {
  /** The project folder, the one holding supabase/; the current folder by default. */
  cwd?: string;
  dataDir?: string;
  /** 0 (the default) lets the system pick a free port. */
  port?: number;
  /** The inbox's port; with a free API port (the default) it gets a free one too. */
  inboxPort?: number;
  reset?: boolean;
  env?: Record<string, string | undefined>;
  /** How long to wait for the backend to listen and answer /auth/v1/health. */
  timeoutMs?: number;
  /** Where its output goes as well (e.g. process.stdout for a person to read). */
  echo?: NodeJS.WritableStream;
}

export class BackendStartError extends Error {}

/**
 * Runs the backend package's command as one Node process (not through a launcher, so a signal
 * reaches the backend itself) and waits until it is healthy.
 */
export async function spawnBackend(options: SpawnBackendOptions = {}): Promise<BackendProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env };
  env.SUPABASE_LOCAL_PORT = String(options.port ?? 0);
  if (options.inboxPort !== undefined) env.SUPABASE_LOCAL_INBOX_PORT = String(options.inboxPort);
  else if (!options.port && env.SUPABASE_LOCAL_INBOX_PORT === undefined)
    env.SUPABASE_LOCAL_INBOX_PORT = "0";
  if (options.dataDir) env.SUPABASE_LOCAL_DATA_DIR = options.dataDir;
  const args = [BIN, ...(options.reset ? ["--reset"] : [])];
  // Its own process group: a Ctrl-C in the terminal reaches only the parent, which stops it once.
  // The IPC channel closes when the parent dies in any way; the backend then stops itself.
  const child = spawn(process.execPath, args, {
    cwd: options.cwd ?? process.cwd(),
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });

  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    options.echo?.write(chunk);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );

  const timeoutMs = options.timeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  let url: string | null = null;
  let ended = false;
  void exited.then(() => (ended = true));
  while (!url) {
    if (ended) throw new BackendStartError(`the backend exited before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new BackendStartError(`the backend did not start within ${timeoutMs} ms:\n${output}`);
    }
    url = /API URL: (http:\/\/\S+)/.exec(output)?.[1] ?? null;
    if (!url) await new Promise((r) => setTimeout(r, 50));
  }
  const healthy = await waitForHealth(url, Math.max(deadline - Date.now(), 1000));
  if (!healthy) {
    child.kill("SIGKILL");
    throw new BackendStartError(
      `${url}/auth/v1/health did not answer 200 within ${timeoutMs} ms:\n${output}`,
    );
  }

  return {
    child,
    url,
    inboxUrl: /Inbox URL: (http:\/\/\S+)/.exec(output)?.[1] ?? null,
    output: () => output,
    exited,
    async stop(signal = "SIGTERM") {
      if (!ended) child.kill(signal);
      return exited;
    },
  };
}

/** Polls `GET /auth/v1/health` until it answers 200; false when `timeoutMs` passes first. */
export async function waitForHealth(baseUrl: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseUrl}/auth/v1/health`, { signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      if (res.status === 200) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}
