import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createInterface } from "node:readline";

const RUNNER = fileURLToPath(new URL("./deno/runner.ts", import.meta.url));

export class BootFailed extends Error {}

export interface WorkerOptions {
  name: string;
  deno: string;
  entrypoint: string;
  importMap: string | null;
  /** Deno's module cache, kept in the data folder. */
  denoDir: string;
  env: Record<string, string>;
  log: (message: string) => void;
}

/**
 * One function in one Deno process: its own heap, globals and environment, so a function that
 * crashes, leaks or hangs takes no other function with it, and a file change restarts only it.
 */
export class FunctionWorker {
  private child: ChildProcess | null = null;
  private ready: Promise<number> | null = null;
  private listening: number | null = null;
  private serving = 0;
  private idle: (() => void)[] = [];

  constructor(private readonly options: WorkerOptions) {}

  get running(): boolean {
    return this.child !== null;
  }

  /** The loopback port the function listens on, booting it first when it is not running. */
  port(): Promise<number> {
    this.ready ??= this.boot();
    return this.ready;
  }

  private boot(): Promise<number> {
    const { name, deno, entrypoint, importMap, denoDir, env, log } = this.options;
    const nonce = randomBytes(16).toString("hex");
    const args = [
      "run",
      "--allow-all",
      "--no-prompt",
      "--node-modules-dir=manual",
      "--cached-only",
    ];
    const denoJson = path.join(path.dirname(entrypoint), "deno.json");
    if (existsSync(denoJson)) args.push(`--config=${denoJson}`);
    if (importMap) args.push(`--import-map=${importMap}`);
    args.push(RUNNER, pathToFileURL(entrypoint).href);
    const child = spawn(deno, args, {
      cwd: path.dirname(entrypoint),
      env: {
        ...env,
        SUPABASE_LOCAL_FUNCTION_NONCE: nonce,
        DENO_DIR: denoDir,
        DENO_NO_UPDATE_CHECK: "1",
        NO_COLOR: "1",
      } as unknown as NodeJS.ProcessEnv,
      // stdin stays open and unused: the function ends when it closes (see the runner).
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.child = child;
    const ready = new Promise<number>((resolve, reject) => {
      const prefix = `${nonce} `;
      createInterface({ input: child.stdout! }).on("line", (line) => {
        if (!line.startsWith(prefix)) return log(`[${name}] ${line}`);
        const message = line.slice(prefix.length);
        if (message.startsWith("ready ")) {
          this.listening = Number(message.slice(6));
          resolve(this.listening);
        } else reject(new BootFailed(`${name} failed to boot`));
      });
      createInterface({ input: child.stderr! }).on("line", (line) => log(`[${name}] ${line}`));
      child.once("error", (err) => {
        log(`[${name}] could not start Deno: ${err.message}`);
        reject(new BootFailed(err.message));
      });
      child.once("exit", (code, signal) => {
        reject(new BootFailed(`${name} exited before it served`));
        if (this.child === child) {
          this.child = null;
          this.ready = null;
          this.listening = null;
        }
        if (code && code !== 0) log(`[${name}] exited with code ${code}`);
        else if (signal && signal !== "SIGTERM" && signal !== "SIGKILL")
          log(`[${name}] ended by ${signal}`);
      });
    });
    // A failed boot is retried on the next request, as the edge runtime creates the worker anew.
    ready.catch(() => {
      if (this.child === child) this.stop();
    });
    return ready;
  }

  /**
   * Counts a request this worker is answering, until the function it returns is called (once the
   * answer has ended, however it ended; calling it again does nothing).
   */
  serve(): () => void {
    this.serving++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      if (--this.serving === 0) for (const go of this.idle.splice(0)) go();
    };
  }

  /**
   * Ends the process once every request it is answering has been answered: when a function's files
   * change, a request already under way finishes on the code it began with, while the next one
   * boots the new code. The wall-clock limit bounds the wait.
   */
  async stopWhenIdle(): Promise<void> {
    if (this.serving > 0) await new Promise<void>((go) => this.idle.push(go));
    await this.stop();
  }

  /** Stops the process that listens on `port`, unless a newer one has taken its place already. */
  async retire(port: number): Promise<void> {
    if (this.listening === port) await this.stop();
  }

  /** Ends the process; the next request boots it again (with the files as they are then). */
  stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    this.ready = null;
    this.listening = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const force = setTimeout(() => child.kill("SIGKILL"), 2000);
      child.once("exit", () => {
        clearTimeout(force);
        resolve();
      });
      child.kill("SIGTERM");
    });
  }
}
