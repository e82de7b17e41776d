import { writeFileSync } from "node:fs";

import { chromium, type Browser, type Page, type Request } from "@playwright/test";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";

import type { Database } from "../../lib/supabase/database.types";
import { seededNote } from "../seed-notes";
import { processesOf } from "./page-profile";
import { sampleCpu } from "./process-cpu";
import {
  breakdownPerKey,
  keyFrames,
  longTasks,
  traceBreakdown,
  type TraceEvent,
} from "./trace-breakdown";

export interface EditorBenchContext {
  appUrl: string;
  backendUrl: string;
  secretKey: string;
  email: string;
  /** The person's session cookies, as `name=value; name=value`. */
  cookie: string;
  keystrokes?: number;
}

const EDITOR = '[role="textbox"][aria-label="Note"]';

/** About 50,000 characters of ordinary writing: headings, paragraphs, lists, a checklist. */
const LONG_BODY = Array.from(
  { length: 400 },
  (_, i) =>
    `## Part ${i + 1}\n\nSome **bold** words and an _aside_, then a sentence that runs on for a while as notes do.\n\n- one\n- two\n\n- [ ] a task`,
).join("\n\n");

const socketBytes = new WeakMap<Page, { bytes: number; changes: number }>();

async function openPage(browser: Browser, ctx: EditorBenchContext, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies(
    ctx.cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: ctx.appUrl };
    }),
  );
  const page = await context.newPage();
  // What the page's sockets (Realtime's) receive, counted from before it loads.
  const received = { bytes: 0, changes: 0 };
  socketBytes.set(page, received);
  page.on("websocket", (socket) =>
    socket.on("framereceived", ({ payload }) => {
      received.bytes += typeof payload === "string" ? Buffer.byteLength(payload) : payload.length;
      // Broadcasts come as binary frames (Realtime's protocol 2.0.0), with their topic inside.
      if (payload.includes("realtime:notes:")) received.changes++;
    }),
  );
  // Every layout shift from the first paint on, as the browser reports it.
  await page.addInitScript(() => {
    const shifts = { total: 0, sources: [] as string[] };
    Object.assign(window, { __cls: shifts });
    // What moved, named by tag, classes and text, for BENCH_SHIFT_LOG=1.
    const name = (node: Node | null) => {
      if (!(node instanceof Element)) return node?.nodeName ?? "?";
      const cls = typeof node.className === "string" ? node.className.split(" ").slice(0, 3) : [];
      const text = (node.textContent ?? "").trim().slice(0, 30);
      return `${node.tagName.toLowerCase()}${cls.map((c) => `.${c}`).join("")} "${text}"`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: {
          node: Node | null;
          previousRect: DOMRectReadOnly;
          currentRect: DOMRectReadOnly;
        }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        shifts.total += entry.value;
        for (const source of entry.sources ?? []) {
          const { previousRect: a, currentRect: b } = source;
          shifts.sources.push(
            `${entry.value.toFixed(4)} at ${entry.startTime.toFixed(0)} ms: ${name(source.node)} ` +
              `(${a.x},${a.y} ${a.width}×${a.height} → ${b.x},${b.y} ${b.width}×${b.height})`,
          );
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(`${ctx.appUrl}${path}`);
  return page;
}

const cls = async (page: Page) => {
  const shifts = await page.evaluate(
    () => (window as unknown as { __cls: { total: number; sources: string[] } }).__cls,
  );
  if (process.env.BENCH_SHIFT_LOG === "1" && shifts.sources.length > 0)
    console.log(
      `  layout shifts on ${new URL(page.url()).pathname}:\n    ${shifts.sources.join("\n    ")}`,
    );
  return shifts.total;
};

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Input latency per keystroke in a 50,000-character note (from the key's event to the frame
 * after the editor has changed, read inside the page), and the layout shift on /notes and on a
 * note from first paint until the note has settled.
 */
export async function benchEditor(ctx: EditorBenchContext) {
  const admin = createClient<Database>(ctx.backendUrl, ctx.secretKey, {
    auth: { persistSession: false },
  });
  const { data: users } = await admin.auth.admin.listUsers({ perPage: 1000 });
  const owner = users.users.find((u) => u.email === ctx.email);
  if (!owner) throw new Error(`No user ${ctx.email} to own the long note`);
  // The switch is timed with 1,000 notes in the person's list and on this device's kept list.
  const { count: held } = await admin
    .from("notes")
    .select("id", { count: "exact", head: true })
    .eq("owner_id", owner.id);
  const more = Math.max(0, 998 - (held ?? 0));
  for (let start = 0; start < more; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(more, start + 500); i++)
      rows.push(seededNote(owner.id, i, Date.now() - 60_000));
    const seeded = await admin.from("notes").insert(rows);
    if (seeded.error) throw seeded.error;
  }
  const note = await admin
    .from("notes")
    .insert({ owner_id: owner.id, title: "The long note", body: LONG_BODY })
    .select("id")
    .single();
  if (note.error) throw note.error;
  // The note switched to and from: short, so the long one's load is what the switch back costs.
  const other = await admin
    .from("notes")
    .insert({ owner_id: owner.id, title: "The short note", body: "A short note to switch to." })
    .select("id")
    .single();
  if (other.error) throw other.error;

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  try {
    const list = await openPage(browser, ctx, "/notes");
    await list.waitForLoadState("load");
    await list.waitForTimeout(2_000);
    const listShift = await cls(list);

    const page = await openPage(browser, ctx, `/notes/${note.data.id}`);
    await page.locator(EDITOR).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(2_000);
    const noteShift = await cls(page);
    const characters = await page.locator(EDITOR).evaluate((el) => el.textContent!.length);

    const count = ctx.keystrokes ?? Number(process.env.BENCH_EDITOR_KEYS ?? 100);
    const listBefore = { ...socketBytes.get(list)! };
    // BENCH_EDITOR_PROFILE=<file>: a CPU profile of the typing, to open in Chromium's DevTools.
    // What the app's server and backend spend meanwhile (storing and deriving the note's text)
    // runs on this machine's processors too, beside the page.
    const processes = processesOf(ctx.appUrl);
    const cpuBefore = processes.app ? sampleCpu(processes) : null;
    const latencies = await typeAtEnd(page, count, process.env.BENCH_EDITOR_PROFILE);
    const cpuAfter = cpuBefore ? sampleCpu(processes) : null;
    const servers =
      cpuBefore && cpuAfter
        ? {
            app: (cpuAfter.app - cpuBefore.app) / count,
            backend: processes.backend ? (cpuAfter.backend - cpuBefore.backend) / count : null,
          }
        : null;
    await page.waitForTimeout(200);
    // The last keys' save reaches the server, and its change the list, within a few seconds.
    await page.waitForTimeout(3_000);
    const listAfter = socketBytes.get(list)!;
    const received = {
      list: listAfter.bytes - listBefore.bytes,
      listChanges: listAfter.changes - listBefore.changes,
    };
    // The same keys again, traced, for the main thread's work per key apart from its wait for the
    // display's next frame (BENCH_EDITOR_TRACE=<file> keeps the trace and prints where it went).
    const events = await traceOf(page, process.env.BENCH_EDITOR_TRACE, () =>
      typeAtEnd(page, count),
    );
    if (process.env.BENCH_EDITOR_TRACE)
      for (const line of breakdownPerKey(traceBreakdown(events), count)) console.log(line);
    const frames = keyFrames(events);
    await page.waitForTimeout(3_000);
    // The floor: the same keys in a one-line note, where the editor has next to nothing to do.
    const short = await openPage(browser, ctx, `/notes/${other.data.id}`);
    await short.locator(EDITOR).waitFor({ timeout: 60_000 });
    await short.waitForTimeout(2_000);
    const floor = await typeAtEnd(short, count);
    await short.context().close();
    const typing = {
      characters,
      received,
      keystrokes: latencies.length,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      work: { p50: percentile(frames.work, 50), p95: percentile(frames.work, 95) },
      cpu: { p50: percentile(frames.cpu, 50), p95: percentile(frames.cpu, 95) },
      servers,
      wait: { p50: percentile(frames.wait, 50), p95: percentile(frames.wait, 95) },
      floor: { p50: percentile(floor, 50), p95: percentile(floor, 95) },
      listShift,
      noteShift,
    };
    // BENCH_EDITOR_TYPING_ONLY=1: the typing and the layout shift alone, without the switch and scroll.
    if (process.env.BENCH_EDITOR_TYPING_ONLY === "1")
      return { ...typing, switches: null, scroll: null };

    // Note switch: a click on another note in the list until an editor that is shown and takes
    // typing holds that note's text (an editor kept hidden for another note does not count), to
    // the short note and back to the long one, as a person flips between two notes. Both have
    // been open on this device, so the device holds their documents.
    const switches = { toShort: [] as number[], toLong: [] as number[] };
    const link = (id: string) => page.locator(`a[data-note-link][href="/notes/${id}"]`);
    // Each switch is timed inside the page: from the click's event to the first frame in which a
    // shown, editable editor holds the note's text (checked before each frame is painted).
    const timedSwitch = async (id: string, text: string) => {
      // The row may sit below the rows the list has drawn (under the pinned notes of a longer
      // run): the list is wheeled down until it is there, before the click is timed.
      const list = page.getByRole("region", { name: "Note list" });
      for (let step = 0; step < 40 && (await link(id).count()) === 0; step++) {
        const box = await list.boundingBox();
        if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.wheel(0, 400);
        await page.waitForTimeout(100);
      }
      await link(id).waitFor({ state: "attached" });
      await link(id).scrollIntoViewIfNeeded();
      // The bench runs through tsx, which names functions with a helper the page lacks.
      await page.evaluate("window.__name = (f) => f");
      await page.evaluate(
        ([selector, wanted]) => {
          const w = window as unknown as { __clicked?: number; __shown?: number };
          delete w.__shown;
          const shows = () =>
            [...document.querySelectorAll<HTMLElement>(selector)].some(
              (el) =>
                el.isContentEditable && el.checkVisibility() && el.textContent?.includes(wanted),
            );
          const watch = () => {
            if (shows()) w.__shown = performance.now();
            else requestAnimationFrame(watch);
          };
          document.addEventListener(
            "click",
            (event) => {
              w.__clicked = event.timeStamp;
              requestAnimationFrame(watch);
            },
            { capture: true, once: true },
          );
        },
        [EDITOR, text] as const,
      );
      // BENCH_SWITCH_LOG=1: every request of the first switch, from the click.
      const log = process.env.BENCH_SWITCH_LOG === "1" && switches.toShort.length === 0;
      const origin = performance.now();
      const requests: string[] = [];
      const onRequest = (r: { url: () => string; method: () => string }) =>
        requests.push(
          `${(performance.now() - origin).toFixed(0).padStart(6)} ms ${r.method()} ${r.url().slice(0, 140)}`,
        );
      if (log) page.on("request", onRequest);
      await link(id).click();
      await page.waitForFunction(() => "__shown" in window, null, { timeout: 30_000 });
      const ms = await page.evaluate(() => {
        const w = window as unknown as { __clicked: number; __shown: number };
        return w.__shown - w.__clicked;
      });
      if (log) {
        page.off("request", onRequest);
        console.log(`  requests of a switch (after the click):\n${requests.join("\n")}`);
      }
      // The outgoing note's housekeeping finishes before the next switch is timed.
      await page.waitForTimeout(300);
      return ms;
    };
    // The first visit to each opens it from the server and leaves its document on the device.
    await timedSwitch(other.data.id, "A short note to switch to.");
    await timedSwitch(note.data.id, "Part 400");
    const switchTrace = process.env.BENCH_SWITCH_TRACE;
    const switchEvents: unknown[] = [];
    const switchTracer = switchTrace ? await page.context().newCDPSession(page) : null;
    if (switchTracer) {
      switchTracer.on("Tracing.dataCollected", ({ value }) => switchEvents.push(...value));
      await switchTracer.send("Tracing.start", {
        categories: "devtools.timeline,disabled-by-default-devtools.timeline,blink,v8",
      });
    }
    for (let i = 0; i < 10; i++) {
      switches.toShort.push(await timedSwitch(other.data.id, "A short note to switch to."));
      if (switchTracer && switchTrace && i === 0) {
        const done = new Promise((resolve) =>
          switchTracer.once("Tracing.tracingComplete", resolve),
        );
        await switchTracer.send("Tracing.end");
        await done;
        writeFileSync(switchTrace, JSON.stringify(switchEvents));
      }
      switches.toLong.push(await timedSwitch(note.data.id, "Part 400"));
    }
    // The scroll is timed on its own: pages left open would take the 9,000 notes seeded for it as
    // live changes, and their renders would compete with the list's frames for the processor.
    await page.context().close();
    await list.context().close();
    const scroll = await benchListScroll(browser, ctx, admin, owner.id);
    return {
      ...typing,
      scroll,
      switches: {
        toShort: { p50: percentile(switches.toShort, 50), p95: percentile(switches.toShort, 95) },
        toLong: { p50: percentile(switches.toLong, 50), p95: percentile(switches.toLong, 95) },
      },
    };
  } finally {
    await browser.close();
  }
}

/**
 * Keys typed at the end of the note in the page, a letter every 30 ms, each timed inside the page
 * from its event to the frame after it (the frame that shows the character); with a file, a CPU
 * profile of the typing is saved there.
 */
async function typeAtEnd(page: Page, count: number, profile?: string): Promise<number[]> {
  await page.locator(EDITOR).click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.evaluate(() => {
    const w = window as unknown as { __latencies?: number[] };
    if (!w.__latencies)
      document.addEventListener("keydown", (event) => {
        const start = event.timeStamp;
        // The frame that shows the character: after the next paint.
        requestAnimationFrame(() =>
          setTimeout(() => w.__latencies!.push(performance.now() - start), 0),
        );
      });
    w.__latencies = [];
  });
  await page.waitForTimeout(1_000);
  const profiled = await cpuProfile(page, profile);
  for (let i = 0; i < count; i++) {
    await page.keyboard.press(String.fromCharCode(97 + (i % 26)));
    await page.waitForTimeout(30);
  }
  await profiled();
  await page.waitForTimeout(200);
  return page.evaluate(() => (window as unknown as { __latencies: number[] }).__latencies);
}

/** The Chromium trace of the page while `work` runs, saved to the file when one is given. */
async function traceOf(
  page: Page,
  file: string | undefined,
  work: () => Promise<unknown>,
): Promise<TraceEvent[]> {
  const stop = await trace(page, file);
  await work();
  return stop();
}

/**
 * Starts a Chromium trace of the page (as DevTools' Performance panel records it); the function
 * returned stops it, saves it when given a file and hands back its events.
 */
async function trace(page: Page, file: string | undefined): Promise<() => Promise<TraceEvent[]>> {
  const events: TraceEvent[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on("Tracing.dataCollected", ({ value }) =>
    events.push(...(value as unknown as TraceEvent[])),
  );
  await cdp.send("Tracing.start", {
    categories: "devtools.timeline,disabled-by-default-devtools.timeline,blink,v8",
  });
  return async () => {
    const done = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.end");
    await done;
    if (file) writeFileSync(file, JSON.stringify(events));
    return events;
  };
}

/** Starts a CPU profile of the page when given a file; the function returned stops and saves it. */
async function cpuProfile(page: Page, file: string | undefined): Promise<() => Promise<void>> {
  if (!file) return async () => {};
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  return async () => {
    const { profile } = await cdp.send("Profiler.stop");
    writeFileSync(file, JSON.stringify(profile));
  };
}

const SCROLL_NOTES = 10_000;
const WHEEL_STEPS = 150;
const WHEEL_PX = 300;

/**
 * The list scrolled by a wheel through 10,000 notes: every frame's interval while it moves (read
 * inside the page), and how many frames a 60 Hz display would have missed.
 */
async function benchListScroll(
  browser: Browser,
  ctx: EditorBenchContext,
  admin: SupabaseClient<Database>,
  ownerId: string,
) {
  const { count: held } = await admin
    .from("notes")
    .select("id", { count: "exact", head: true })
    .eq("owner_id", ownerId);
  const more = Math.max(0, SCROLL_NOTES - (held ?? 0));
  for (let start = 0; start < more; start += 1_000) {
    const rows = [];
    for (let i = start; i < Math.min(more, start + 1_000); i++)
      rows.push(seededNote(ownerId, 1_000 + i, Date.now() - 120_000));
    const seeded = await admin.from("notes").insert(rows);
    if (seeded.error) throw seeded.error;
  }
  const page = await openPage(browser, ctx, "/notes");
  const list = page.getByRole("region", { name: "Note list" });
  await list.locator("a[data-note-link]").first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1_000);
  const box = await list.boundingBox();
  if (!box) throw new Error("The note list is not on screen");
  await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 300));
  // The bench runs through tsx, which names functions with a helper the page lacks.
  await page.evaluate("window.__name = (f) => f");
  await page.evaluate(() => {
    const frames: number[] = [];
    Object.assign(window, { __frames: frames, __scrolling: true });
    const tick = (t: number) => {
      frames.push(t);
      if ((window as unknown as { __scrolling: boolean }).__scrolling) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  // Notes' pages fetched ahead by the rows' links while the list moves.
  let prefetches = 0;
  const onRequest = (request: Request) => {
    if (request.headers()["next-router-prefetch"]) prefetches++;
  };
  page.on("request", onRequest);
  // BENCH_SCROLL_PROFILE=<file>: a CPU profile of the scroll, to open in Chromium's DevTools.
  const profiled = await cpuProfile(page, process.env.BENCH_SCROLL_PROFILE);
  // BENCH_SCROLL_TRACE=<file>: a Chromium trace of the scroll, and the work in its longest frames.
  const scrollTrace = process.env.BENCH_SCROLL_TRACE;
  const traced = scrollTrace ? await trace(page, scrollTrace) : null;
  for (let i = 0; i < WHEEL_STEPS; i++) {
    await page.mouse.wheel(0, WHEEL_PX);
    await page.waitForTimeout(16);
  }
  await page.waitForTimeout(500);
  await profiled();
  if (traced) for (const line of longTasks(await traced())) console.log(line);
  page.off("request", onRequest);
  const frames = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __scrolling: boolean };
    w.__scrolling = false;
    return w.__frames;
  });
  const rowsSeen = await list.locator("a[data-note-link]").evaluateAll((links) =>
    links.reduce((most, a) => {
      // A seeded note's title ends with its number.
      const n = Number(/ (\d+)$/.exec(a.querySelector("b span")?.textContent ?? "")?.[1] ?? 0);
      return Math.max(most, n);
    }, 0),
  );
  const intervals = frames.slice(1).map((t, i) => t - frames[i]);
  const frame = 1000 / 60;
  const dropped = intervals.reduce((n, dt) => n + Math.max(0, Math.round(dt / frame) - 1), 0);
  await page.close();
  return {
    notes: Math.max(SCROLL_NOTES, held ?? 0),
    frames: intervals.length,
    dropped,
    p50: percentile(intervals, 50),
    p95: percentile(intervals, 95),
    rowsSeen,
    prefetches,
  };
}
