import { existsSync, mkdirSync, readdirSync, watch, type FSWatcher } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LocalConfig } from "../config/config";
import type { Backend, Mount } from "../http";
import { FUNCTION_NAME, type FunctionSettings } from "./config";
import { denoBinary } from "./deno-binary";
import { functionEnv } from "./env";
import { bootError, functionNotFound, workerError, workerLimit } from "./errors";
import { verifyJwt } from "./gateway";
import { ClientGone, forward, WorkerGone } from "./proxy";
import { BootFailed, FunctionWorker } from "./worker";

interface Served extends FunctionSettings {
  name: string;
  entrypoint: string;
}

/** The functions served now: each folder of supabase/functions with an index.ts, and config.toml's. */
export function listFunctions(config: LocalConfig): Served[] {
  const { dir, functions, enabled } = config.functions;
  if (!enabled) return [];
  const names = new Set(Object.keys(functions));
  try {
    for (const entry of readdirSync(dir)) if (FUNCTION_NAME.test(entry)) names.add(entry);
  } catch {
    // No functions folder: only config.toml's entrypoints.
  }
  const out: Served[] = [];
  for (const name of [...names].sort()) {
    const settings = functions[name];
    const entrypoint = settings?.entrypoint ?? path.join(dir, name, "index.ts");
    if (settings?.enabled === false || !existsSync(entrypoint)) continue;
    out.push({
      name,
      entrypoint,
      enabled: true,
      verifyJwt: settings?.verifyJwt ?? true,
      importMap: settings?.importMap ?? null,
    });
  }
  return out;
}

/** The body as it streams, with `done` called once it ends, fails or the client goes away. */
function watched(body: ReadableStream<Uint8Array>, done: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done: ended } = await reader.read();
        if (ended) {
          done();
          return controller.close();
        }
        controller.enqueue(value);
      } catch (err) {
        done();
        controller.error(err);
      }
    },
    cancel(reason) {
      done();
      return reader.cancel(reason);
    },
  });
}

/** `/functions/v1/<name>[/<subpath>]`: each function in its own Deno process, booted on first use. */
export function createFunctionsService(): Mount {
  const workers = new Map<string, FunctionWorker>();
  let watcher: FSWatcher | null = null;
  let deno: string | null = null;
  let backend: Backend | null = null;
  let pending: NodeJS.Timeout | null = null;

  /** Workers whose files changed, still answering the requests they began. */
  const draining = new Set<FunctionWorker>();

  const restartAll = () => {
    for (const [name, worker] of workers) {
      if (worker.running) backend?.log(`[${name}] files changed: restarting`);
      draining.add(worker);
      void worker.stopWhenIdle().finally(() => draining.delete(worker));
    }
    workers.clear();
  };

  function workerFor(fn: Served, b: Backend): FunctionWorker {
    let worker = workers.get(fn.name);
    if (!worker) {
      // A backend kept in memory still needs somewhere for Deno's compiled-module cache.
      const dataDir = b.config.dataDir ?? path.join(tmpdir(), "groundwork-functions");
      deno ??= denoBinary();
      worker = new FunctionWorker({
        name: fn.name,
        deno,
        entrypoint: fn.entrypoint,
        importMap: fn.importMap,
        denoDir: path.join(dataDir, "deno"),
        env: functionEnv(b.url, path.join(b.config.functions.dir, ".env")),
        log: b.log,
      });
      workers.set(fn.name, worker);
    }
    return worker;
  }

  return {
    prefix: "/functions/v1",
    // The function answers OPTIONS and sets its own CORS headers, as on hosted Supabase.
    crossOrigin: "self",
    // Bodies stream through to the function, which decides what it takes.
    bodyLimit: Number.POSITIVE_INFINITY,
    async handle(req, { backend: b, url, path: subpath }) {
      const name = subpath.split("/")[1] ?? "";
      const fn = listFunctions(b.config).find((f) => f.name === name);
      if (!fn) return functionNotFound();
      if (req.method !== "OPTIONS" && fn.verifyJwt) {
        const refused = await verifyJwt(req.headers, b.keys);
        if (refused) return refused;
      }
      let worker: FunctionWorker;
      let port: number;
      let release = () => {};
      try {
        worker = workerFor(fn, b);
        release = worker.serve();
        port = await worker.port();
      } catch (err) {
        release();
        if (err instanceof BootFailed) return bootError();
        // No Deno to run it with: say why once per request, answer as a failed boot.
        b.log(`[${name}] ${(err as Error).message}`);
        return bootError();
      }
      const limit = new AbortController();
      const timer = setTimeout(() => {
        b.log(`[${name}] wall clock limit of ${b.config.functions.wallClockLimit} s reached`);
        limit.abort(new Error("wall clock limit"));
        release();
        // The edge runtime retires the worker at its limit; the next request boots a fresh one.
        void worker.stop();
      }, b.config.functions.wallClockLimit * 1000);
      const finished = () => {
        clearTimeout(timer);
        release();
      };
      try {
        const response = await forward(req, port, subpath + url.search, limit.signal);
        if (!response.body) {
          finished();
          return response;
        }
        // The limit also ends a body that streams on past it.
        const { status, statusText, headers } = response;
        return new Response(watched(response.body, finished), {
          status,
          statusText,
          headers,
        });
      } catch (err) {
        finished();
        if (limit.signal.aborted) return workerLimit();
        if (err instanceof ClientGone) return workerError();
        if (err instanceof WorkerGone) {
          // Its process exited (or is exiting): the next request must boot a fresh one.
          await worker.retire(port);
          return workerError();
        }
        throw err;
      }
    },
    start(b) {
      backend = b;
      if (!b.config.functions.enabled || !existsSync(b.config.functions.dir)) return;
      if (b.config.dataDir) mkdirSync(b.config.dataDir, { recursive: true });
      try {
        watcher = watch(b.config.functions.dir, { recursive: true }, () => {
          if (pending) clearTimeout(pending);
          pending = setTimeout(restartAll, 100);
        });
      } catch (err) {
        b.log(`functions: not watching for changes (${(err as Error).message})`);
      }
    },
    async stop() {
      if (pending) clearTimeout(pending);
      watcher?.close();
      await Promise.all([...workers.values(), ...draining].map((w) => w.stop()));
      workers.clear();
      draining.clear();
    },
  };
}
