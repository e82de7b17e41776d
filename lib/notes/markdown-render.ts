import "server-only";

import { Worker } from "node:worker_threads";
import type { Root } from "hast";

/**
 * A note's Markdown parsed in a worker thread with a time budget. Markdown parsers have inputs
 * whose cost grows with the square of their length (48 KB of `*a` took 20 s here), and a parse on
 * the request thread stops every other request meanwhile. Past the budget the worker is ended and
 * the caller shows the text as it is.
 */
export const PARSE_BUDGET_MS = 3_000;
/** How long a parse may wait behind others (or for the thread to start) before it gives up. */
const WAIT_MS = 5_000;

/**
 * A parse gives a tree; or none because the text itself took too long (or broke the parser),
 * which will not change for the same text; or none because it never got its turn, which may go
 * better next time.
 */
export type Parsed = { tree: Root } | { tree: null; lasting: boolean };

type Job = { id: number; markdown: string; settle: (p: Parsed) => void };

let worker: Worker | null = null;
let ready = false;
let running: Job | null = null;
let budget: NodeJS.Timeout | null = null;
const queue: Job[] = [];
let nextId = 1;

function start(): Worker {
  // A parse that would eat the server's memory ends the worker instead, like one out of time.
  const w = new Worker(new URL("./markdown-worker.ts", import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  ready = false;
  w.on("message", (message: { ready: true } | { id: number; tree: Root | null }) => {
    if (worker !== w) return;
    if ("ready" in message) {
      ready = true;
      pump();
    } else if (running?.id === message.id) {
      finish(message.tree ? { tree: message.tree } : { tree: null, lasting: true });
    }
  });
  // A worker that fails or ends by itself takes only its current parse with it; one that never
  // started sends the waiting ones to plain text, and the next view starts another.
  const lost = () => {
    if (worker !== w) return;
    worker = null;
    if (running) return finish({ tree: null, lasting: true });
    if (!ready) for (const job of queue.splice(0)) job.settle({ tree: null, lasting: false });
  };
  w.on("error", lost);
  w.on("exit", lost);
  return w;
}

function finish(parsed: Parsed) {
  if (budget) clearTimeout(budget);
  budget = null;
  const job = running;
  running = null;
  job?.settle(parsed);
  pump();
}

function pump() {
  if (running) return;
  const job = queue[0];
  if (!job) {
    // An idle worker never keeps the server (or a test run) alive.
    worker?.unref();
    return;
  }
  try {
    worker ??= start();
  } catch {
    for (const waiting of queue.splice(0)) waiting.settle({ tree: null, lasting: false });
    return;
  }
  worker.ref();
  if (!ready) return;
  queue.shift();
  running = job;
  budget = setTimeout(() => {
    const stuck = worker;
    worker = null;
    finish({ tree: null, lasting: true });
    void stuck?.terminate();
  }, PARSE_BUDGET_MS);
  worker.postMessage({ id: job.id, markdown: job.markdown });
}

/** The HTML tree of `markdown` (raw HTML left out), parsed off the request thread. */
export function parseMarkdown(markdown: string): Promise<Parsed> {
  return new Promise((resolve) => {
    let settled = false;
    const job: Job = {
      id: nextId++,
      markdown,
      settle: (parsed) => {
        if (settled) return;
        settled = true;
        clearTimeout(waited);
        resolve(parsed);
      },
    };
    const waited = setTimeout(() => {
      const at = queue.indexOf(job);
      if (at === -1) return;
      queue.splice(at, 1);
      job.settle({ tree: null, lasting: false });
    }, WAIT_MS);
    queue.push(job);
    pump();
  });
}
