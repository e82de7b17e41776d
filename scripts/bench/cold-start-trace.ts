import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Where a cold start of the installed app goes, from a Chromium trace of it (offline-app.ts,
 * BENCH_OFFLINE_TRACE): the service worker's start and its answer to the navigation, the shell's
 * HTML, each script's compile (and whether V8's code cache was used) and run, the IndexedDB
 * databases opened and how long each took to answer, the main thread's long tasks, the first paint,
 * and (with BENCH_OFFLINE_PROFILE=1) the JavaScript's own time by chunk and function. Times are in
 * ms from navigation start, as the page's performance.now().
 */
interface Event {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: Record<string, unknown> & {
      url?: string;
      cpuProfile?: {
        nodes?: {
          id: number;
          parent?: number;
          callFrame: {
            functionName: string;
            url?: string;
            lineNumber?: number;
            columnNumber?: number;
          };
        }[];
        samples?: number[];
      };
      timeDeltas?: number[];
      startTime?: number;
    };
  };
}

const at = (us: number, origin: number) => ((us - origin) / 1000).toFixed(0).padStart(5);
const len = (us = 0) => (us / 1000).toFixed(1);
const short = (url = "") =>
  url.replace(/^https?:\/\/[^/]+/, "").replace(/\/_next\/static\/chunks\//, "");

/** The first few characters of the built chunk at a function's start, to tell what it is. */
function codeAt(url: string, line: number, column: number): string {
  const file = path.join(".next/static/chunks", short(url));
  if (!short(url).endsWith(".js") || !existsSync(file)) return "";
  const lines = readFileSync(file, "utf8").split("\n");
  return (lines[line] ?? "").slice(column, column + 60).replace(/\s+/g, " ");
}

export function coldStartLines(events: Event[], editableMs: number): string[] {
  const nav = events.find((e) => e.name === "LoadingPredictor::OnNavigationStarted")?.ts;
  if (nav === undefined) return ["  (no navigation in the trace)"];
  const threads = new Map<string, string>();
  for (const e of events)
    if (e.ph === "M" && e.name === "thread_name")
      threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? "");
  const thread = (e: Event) => threads.get(`${e.pid}:${e.tid}`) ?? "";
  const committed = events.find((e) => e.name === "FrameCommittedInBrowser");
  const renderer = (committed?.args?.data as { processId?: number } | undefined)?.processId;
  const main = (e: Event) => thread(e) === "CrRendererMain" && (!renderer || e.pid === renderer);
  const first = (name: string, where: (e: Event) => boolean = () => true) =>
    events.find((e) => e.name === name && e.ts >= nav && where(e));
  const lines: string[] = [`  cold start, traced (ms from navigation start):`];
  const mark = (label: string, e: Event | undefined, extra = "") => {
    if (e)
      lines.push(`    ${at(e.ts, nav)}  ${label}${e.dur ? ` (${len(e.dur)} ms)` : ""}${extra}`);
  };

  // The service worker: started, its script run, the navigation's answer.
  mark("service worker asked to start", first("ServiceWorkerVersion::StartWorker"));
  const swScript = events.find(
    (e) => e.name === "EvaluateScript" && String(e.args?.data?.url ?? "").endsWith("/sw.js"),
  );
  const swCompile = events.find(
    (e) => e.name === "v8.compile" && String(e.args?.data?.url ?? "").endsWith("/sw.js"),
  );
  mark(
    "service worker's script run",
    swScript,
    swCompile
      ? `, code cache ${swCompile.args?.data?.consumedCacheSize ? "used" : "not used"}`
      : "",
  );
  const failed = events.find(
    (e) =>
      e.name === "ResourceFinish" && thread(e).startsWith("ServiceWorker") && e.args?.data?.didFail,
  );
  mark("the network attempt failed (the worker's fetch)", failed);
  mark(
    "the worker answered the navigation (the shell, from its cache)",
    first("ServiceWorkerGlobalScope::RespondToFetchEvent"),
  );
  mark("page committed", committed);
  const parses = events.filter(
    (e) => e.name === "ParseHTML" && main(e) && e.ts > (committed?.ts ?? nav),
  );
  mark("shell HTML parsed", parses.sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0]);

  // Scripts: compile with or without the code cache, and their run.
  const compiles = events.filter((e) => e.name === "v8.compile" && main(e) && e.ts > nav);
  const runs = events.filter((e) => e.name === "v8.run" && main(e) && e.ts > nav);
  const scripts = compiles
    .filter((c) => String(c.args?.data?.url ?? "").includes("/_next/"))
    .map((c) => {
      const url = String(c.args?.data?.url);
      const run = runs.find((r) => r.ts >= c.ts && String(r.args?.data?.url ?? url) === url);
      return { c, url, run };
    });
  const cached = scripts.filter((s) => Number(s.c.args?.data?.consumedCacheSize ?? 0) > 0).length;
  const compileMs = scripts.reduce((sum, s) => sum + (s.c.dur ?? 0), 0);
  const runMs = scripts.reduce((sum, s) => sum + (s.run?.dur ?? 0), 0);
  lines.push(
    `    scripts: ${scripts.length}, ${cached} compiled from V8's code cache; compile ${len(compileMs)} ms, top-level run ${len(runMs)} ms in all; the costly ones:`,
  );
  for (const s of scripts
    .filter((s) => (s.c.dur ?? 0) + (s.run?.dur ?? 0) > 2000)
    .sort((a, b) => a.c.ts - b.c.ts))
    lines.push(
      `      ${at(s.c.ts, nav)}  ${short(s.url)}: compile ${len(s.c.dur)} ms${s.c.args?.data?.consumedCacheSize ? ` (cache ${Math.round(Number(s.c.args.data.consumedCacheSize) / 1024)} KiB)` : " (no cache)"}, run ${len(s.run?.dur)} ms`,
    );

  // IndexedDB: each open, and when its success reached the page.
  const opens = events.filter((e) => e.name === "IDBFactory::openRequestSetup" && main(e));
  const successes = events.filter(
    (e) => e.name === "IDBOpenDBRequest::onSuccess(database)" && main(e),
  );
  lines.push(`    IndexedDB opens: ${opens.length}`);
  opens.forEach((o, i) => {
    const done = successes[i];
    lines.push(
      `      ${at(o.ts, nav)}  open, its success handled at ${done ? at(done.ts, nav).trim() : "?"} (${done ? len(done.ts - o.ts) : "?"} ms)`,
    );
  });
  const backing = events.filter((e) => e.name === "BucketContext::Open" && (e.dur ?? 0) > 1000);
  for (const b of backing) mark("the origin's IndexedDB store opened from disk", b);

  // The main thread's long tasks between commit and editable.
  const editable = nav + editableMs * 1000;

  // SVG images (a CSS mask or background, an <img>): each is a document of its own to make.
  const svgImages = events.filter(
    (e) =>
      e.name === "IsolatedSVGDocumentHost::IsolatedSVGDocumentHost" &&
      main(e) &&
      e.ts > nav &&
      e.ts < editable,
  );
  lines.push(
    `    SVG images made before editable: ${svgImages.length}, ${len(svgImages.reduce((sum, e) => sum + (e.dur ?? 0), 0))} ms in all`,
  );

  const tasks = events
    .filter((e) => e.name === "RunTask" && main(e) && (e.dur ?? 0) > 16_700 && e.ts < editable)
    .sort((a, b) => a.ts - b.ts);
  const busy = events
    .filter((e) => e.name === "RunTask" && main(e) && e.ts > nav && e.ts < editable)
    .reduce((sum, e) => sum + (e.dur ?? 0), 0);
  lines.push(`    main thread busy ${len(busy)} ms before editable; tasks over a frame:`);
  for (const t of tasks) {
    const inside = events.filter(
      (e) => main(e) && e.ts >= t.ts && e.ts < t.ts + (t.dur ?? 0) && e.ph === "X" && e !== t,
    );
    const top = inside
      .filter((e) =>
        /^(EvaluateScript|FunctionCall|UpdateLayoutTree|Layout|ParseHTML|MinorGC|MajorGC|TimerFire|FireAnimationFrame|EventDispatch)$/.test(
          e.name,
        ),
      )
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
      .slice(0, 3)
      .map(
        (e) =>
          `${e.name} ${len(e.dur)}${e.args?.data?.url ? ` ${short(String(e.args.data.url))}` : ""}`,
      );
    lines.push(`      ${at(t.ts, nav)}  ${len(t.dur)} ms: ${top.join(", ")}`);
  }
  mark("first paint", first("firstPaint", main));
  mark("first contentful paint", first("firstContentfulPaint", main));
  lines.push(
    `    ${String(editableMs.toFixed(0)).padStart(5)}  editable (the note's text in a shown, editable editor)`,
  );
  lines.push(...profileLines(events, nav, editable, renderer));
  return lines;
}

/** The sampled JavaScript's own time on the page's main thread before editable, by chunk and function. */
function profileLines(events: Event[], nav: number, editable: number, renderer?: number): string[] {
  const profiles = new Map<
    string,
    {
      tid: number;
      pid: number;
      start: number;
      nodes: Map<number, { fn: string; url: string; line: number; col: number }>;
      samples: number[];
      deltas: number[];
    }
  >();
  for (const e of events) {
    if (e.name === "Profile" && e.id) {
      profiles.set(`${e.pid}:${e.id}`, {
        tid: e.tid,
        pid: e.pid,
        start: Number(e.args?.data?.startTime ?? e.ts),
        nodes: new Map(),
        samples: [],
        deltas: [],
      });
    }
    if (e.name === "ProfileChunk" && e.id) {
      const p = profiles.get(`${e.pid}:${e.id}`);
      const data = e.args?.data;
      if (!p || !data) continue;
      for (const n of data.cpuProfile?.nodes ?? [])
        p.nodes.set(n.id, {
          fn: n.callFrame.functionName || "(anonymous)",
          url: n.callFrame.url ?? "",
          line: n.callFrame.lineNumber ?? 0,
          col: n.callFrame.columnNumber ?? 0,
        });
      p.samples.push(...(data.cpuProfile?.samples ?? []));
      p.deltas.push(...(data.timeDeltas ?? []));
    }
  }
  const mainTid = events.find(
    (e) =>
      e.ph === "M" &&
      e.name === "thread_name" &&
      e.args?.name === "CrRendererMain" &&
      (!renderer || e.pid === renderer),
  )?.tid;
  const p = [...profiles.values()].find(
    (x) => x.tid === mainTid && (!renderer || x.pid === renderer),
  );
  if (!p) return [];
  const byChunk = new Map<string, number>();
  const byFn = new Map<string, number>();
  let t = p.start;
  for (let i = 0; i < p.samples.length; i++) {
    const next = t + (p.deltas[i] ?? 0);
    const gap = Math.max(0, p.deltas[i + 1] ?? 0);
    t = next;
    if (t < nav || t > editable) continue;
    const node = p.nodes.get(p.samples[i]);
    if (!node || /^\((idle|root)\)$/.test(node.fn)) continue;
    const chunk = node.url ? short(node.url) : node.fn;
    byChunk.set(chunk, (byChunk.get(chunk) ?? 0) + gap);
    const key = node.url ? `${node.fn} ${short(node.url)}:${node.line}:${node.col}` : node.fn;
    byFn.set(key, (byFn.get(key) ?? 0) + gap);
  }
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  return [
    `    JavaScript's own time before editable (sampled), by chunk: ` +
      top(byChunk, 8)
        .map(([k, us]) => `${k} ${len(us)}`)
        .join(", "),
    `    by function:`,
    ...top(byFn, 15).map(([k, us]) => {
      const m = / (\S+\.js):(\d+):(\d+)$/.exec(k);
      const code = m ? codeAt(m[1], Number(m[2]), Number(m[3])) : "";
      return `      ${len(us).padStart(6)} ms  ${k}${code ? `  «${code}»` : ""}`;
    }),
  ];
}

if (process.argv[1]?.endsWith("cold-start-trace.ts")) {
  const [file, editable] = process.argv.slice(2);
  const events = JSON.parse(readFileSync(file, "utf8")) as Event[];
  for (const line of coldStartLines(events, Number(editable ?? NaN))) console.log(line);
}
