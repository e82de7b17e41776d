import { spawn, type ChildProcess } from "node:child_process";
import {
  BackendStartError,
  spawnBackend,
  waitForHealth,
  type BackendProcess,
} from "@groundwork/local-backend/process";
import { planDev } from "./dev-plan";

type Env = Record<string, string | undefined>;

export interface RunDevOptions {
  /** The environment after .env files are loaded. */
  env: Env;
  /** The port the local backend listens on (config.toml [api] port or SUPABASE_LOCAL_PORT). */
  localPort: number;
  /** The app server to run, e.g. ["node_modules/.bin/next", "dev"]. */
  appCommand: string[];
  /** Aborting stops both processes; `npm run dev` aborts on Ctrl-C and SIGTERM. */
  signal: AbortSignal;
  /** How long the backend may take to answer /auth/v1/health. */
  healthTimeoutMs?: number;
  /** Tests run the backend on a free port (0) with a data folder of their own. */
  backendPort?: number;
  dataDir?: string;
  log?: (message: string) => void;
  echo?: NodeJS.WritableStream;
  /** Run once the local backend answers (with its URL and the app's environment), beside the app. */
  onBackendReady?: (url: string, env: Env) => Promise<string>;
}

type Exit = { code: number | null; signal: NodeJS.Signals | null };

function exitOf(child: ChildProcess): Promise<Exit> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
}

/** SIGTERM, then SIGKILL if it is still running after `graceMs`. */
async function terminate(child: ChildProcess, graceMs = 10_000): Promise<Exit> {
  const exited = exitOf(child);
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  const result = await exited;
  clearTimeout(timer);
  return result;
}

const aborted = (signal: AbortSignal) =>
  new Promise<"aborted">((resolve) => {
    if (signal.aborted) resolve("aborted");
    else signal.addEventListener("abort", () => resolve("aborted"), { once: true });
  });

/**
 * Runs the local backend (when the environment asks for it) and, once it answers healthy, the app
 * server with the backend's URL and keys. Stops both when either ends or when `signal` aborts;
 * resolves with the exit code for the whole run.
 */
export async function runDev(options: RunDevOptions): Promise<number> {
  const log = options.log ?? ((m: string) => console.log(m));
  const plan = planDev(options.env, options.localPort);
  log(plan.reason);
  const appEnv = { ...plan.appEnv };

  let backend: BackendProcess | null = null;
  if (plan.startBackend) {
    const reuse = options.backendPort === undefined && (await waitForHealth(plan.supabaseUrl, 500));
    if (reuse) {
      log(`A backend already answers at ${plan.supabaseUrl}; using it.`);
    } else {
      const timeoutMs = options.healthTimeoutMs ?? 120_000;
      try {
        backend = await spawnBackend({
          port: options.backendPort ?? options.localPort,
          dataDir: options.dataDir,
          timeoutMs,
          echo: options.echo ?? process.stdout,
          env: options.env,
        });
      } catch (err) {
        if (!(err instanceof BackendStartError)) throw err;
        log(
          `The local backend did not become healthy (GET /auth/v1/health) within ${timeoutMs / 1000} s:\n${err.message}`,
        );
        return 1;
      }
      appEnv.NEXT_PUBLIC_SUPABASE_URL = backend.url;
      if (options.signal.aborted) {
        await backend.stop("SIGTERM");
        return 0;
      }
    }
  }

  if (plan.startBackend && options.onBackendReady) {
    // Beside the app: its failure is told, never a reason not to start.
    options
      .onBackendReady(appEnv.NEXT_PUBLIC_SUPABASE_URL ?? plan.supabaseUrl, appEnv)
      .then(log, (err) =>
        log(
          `After starting the local backend: ${err instanceof Error ? err.message : String(err)}`,
        ),
      );
  }

  const [command, ...args] = options.appCommand;
  const app = spawn(command, args, {
    env: { ...options.env, ...appEnv } as NodeJS.ProcessEnv,
    stdio: "inherit",
  });
  const outcome = await Promise.race([
    exitOf(app).then((exit) => ({ kind: "app" as const, exit })),
    (backend?.exited ?? new Promise<never>(() => {})).then((exit) => ({
      kind: "backend" as const,
      exit,
    })),
    aborted(options.signal).then(() => ({ kind: "aborted" as const })),
  ]);

  if (outcome.kind === "backend") {
    log(
      `The local backend stopped unexpectedly (${outcome.exit.signal ?? `exit code ${outcome.exit.code}`}); stopping the app.`,
    );
    await terminate(app);
    return 1;
  }
  const [appExit] = await Promise.all([
    outcome.kind === "app" ? Promise.resolve(outcome.exit) : terminate(app),
    backend ? backend.stop("SIGTERM") : Promise.resolve(null),
  ]);
  if (outcome.kind === "aborted") return 0;
  return appExit.code ?? 1;
}
