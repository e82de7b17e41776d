import { writeFileSync } from "node:fs";

import { chromium, type Browser, type Page } from "@playwright/test";
import { createClient } from "@supabase/supabase-js";

import type { Database } from "../../lib/supabase/database.types";

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

async function openPage(browser: Browser, ctx: EditorBenchContext, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies(
    ctx.cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: ctx.appUrl };
    }),
  );
  const page = await context.newPage();
  // Every layout shift from the first paint on, as the browser reports it.
  await page.addInitScript(() => {
    const shifts = { total: 0 };
    Object.assign(window, { __cls: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) shifts.total += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(`${ctx.appUrl}${path}`);
  return page;
}

const cls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cls: { total: number } }).__cls.total);

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
  const { data: users } = await admin.auth.admin.listUsers();
  const owner = users.users.find((u) => u.email === ctx.email);
  if (!owner) throw new Error(`No user ${ctx.email} to own the long note`);
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

    await page.locator(EDITOR).click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.evaluate(() => {
      const latencies: number[] = [];
      Object.assign(window, { __latencies: latencies });
      document.addEventListener("keydown", (event) => {
        const start = event.timeStamp;
        // The frame that shows the character: after the next paint.
        requestAnimationFrame(() => setTimeout(() => latencies.push(performance.now() - start), 0));
      });
    });
    const count = ctx.keystrokes ?? 100;
    // BENCH_EDITOR_PROFILE=<file>: a CPU profile of the typing, to open in Chromium's DevTools.
    const profilePath = process.env.BENCH_EDITOR_PROFILE;
    const cdp = profilePath ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.start");
    }
    const tracePath = process.env.BENCH_EDITOR_TRACE;
    const events: unknown[] = [];
    const tracer = tracePath ? await page.context().newCDPSession(page) : null;
    if (tracer) {
      tracer.on("Tracing.dataCollected", ({ value }) => events.push(...value));
      await tracer.send("Tracing.start", {
        categories: "devtools.timeline,disabled-by-default-devtools.timeline,blink,v8",
      });
    }
    for (let i = 0; i < count; i++) {
      await page.keyboard.press(String.fromCharCode(97 + (i % 26)));
      await page.waitForTimeout(30);
    }
    if (tracer && tracePath) {
      const done = new Promise((resolve) => tracer.once("Tracing.tracingComplete", resolve));
      await tracer.send("Tracing.end");
      await done;
      writeFileSync(tracePath, JSON.stringify(events));
    }
    if (cdp && profilePath) {
      const { profile } = await cdp.send("Profiler.stop");
      writeFileSync(profilePath, JSON.stringify(profile));
    }
    await page.waitForTimeout(200);
    const latencies = await page.evaluate(
      () => (window as unknown as { __latencies: number[] }).__latencies,
    );

    // Note switch: a click on another note in the list until the editor shows that note's text,
    // to the short note and back to the long one, as a person flips between two notes.
    const switches = { toShort: [] as number[], toLong: [] as number[] };
    const showing = (text: string) =>
      page.waitForFunction(
        ([selector, wanted]) => document.querySelector(selector)?.textContent?.includes(wanted),
        [EDITOR, text] as const,
        { timeout: 30_000, polling: "raf" },
      );
    const link = (id: string) => page.locator(`a[data-note-link][href="/notes/${id}"]`);
    for (let i = 0; i < 5; i++) {
      let started = performance.now();
      await link(other.data.id).click();
      await showing("A short note to switch to.");
      switches.toShort.push(performance.now() - started);
      started = performance.now();
      await link(note.data.id).click();
      await showing("Part 400");
      switches.toLong.push(performance.now() - started);
    }
    return {
      switchToShort: percentile(switches.toShort, 50),
      switchToLong: percentile(switches.toLong, 50),
      characters,
      keystrokes: latencies.length,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      listShift,
      noteShift,
    };
  } finally {
    await browser.close();
  }
}
