import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { chromium, type BrowserContext, type LaunchOptions, type Page } from "@playwright/test";
import { createClient } from "@supabase/supabase-js";

import type { Database } from "../../lib/supabase/database.types";
import { seededNote } from "../seed-notes";
import { coldStartLines } from "./cold-start-trace";
import { sessionCookies } from "./session-cookies";

export interface OfflineBenchContext {
  appUrl: string;
  /** The backend the app talks to (the counting proxy), as the browser reaches it. */
  supabaseUrl: string;
  /** The backend itself, for seeding and for reading what the server holds. */
  backendUrl: string;
  publishableKey: string;
  secretKey: string;
}

const EDITOR = '[role="textbox"][aria-label="Note"]';
const CHROMIUM: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--no-first-run",
    // The browser's tabbed window makes its omnibox popups (pages of their own, in a renderer of
    // their own: the suggestions and, since Chromium 156, the AI Mode one) as it launches; on two
    // cores that takes ~0.5 s of CPU from the app's start. An installed app's window has no
    // omnibox. BENCH_OFFLINE_BROWSER_UI=1 keeps them.
    ...(process.env.BENCH_OFFLINE_BROWSER_UI === "1"
      ? []
      : [
          "--disable-features=PreloadTopChromeWebUI,WebUIOmniboxPopup,WebUIOmniboxFullPopup," +
            "WebUIOmniboxAimPopup",
        ]),
  ],
};
const VIEWPORT = { width: 1280, height: 800 };
/** Cold starts per mode (network off, network on), taken in turns. */
const COLD_RUNS = Number(process.env.BENCH_OFFLINE_COLD_RUNS ?? 7);
/** Offline queues of 500 edits, each with a fresh person and device. */
const QUEUE_RUNS = Number(process.env.BENCH_OFFLINE_QUEUE_RUNS ?? 3);
const QUEUE_NOTES = 50;
const EDITS_PER_NOTE = 10;
/** How long a reconnect may take to store everything before the run counts what is missing. */
const SYNC_BOUND_MS = Number(process.env.BENCH_OFFLINE_SYNC_MS ?? 120_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const ms = (values: number[]) =>
  `p50 ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms`;

/** A new person with `notes` seeded (oldest first), signed in through the app's backend. */
async function newPerson(ctx: OfflineBenchContext, label: string) {
  const admin = createClient<Database>(ctx.backendUrl, ctx.secretKey, {
    auth: { persistSession: false },
  });
  const email = `bench-offline-${label}-${Date.now()}@example.com`;
  const password = "bench-password-123";
  const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  const client = createClient<Database>(ctx.backendUrl, ctx.publishableKey, {
    auth: { persistSession: false },
  });
  const signedIn = await client.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw signedIn.error;
  // Kept across browser launches, as the app's own sign-in sets them (with a lifetime).
  const expires = Math.floor(Date.now() / 1000) + 30 * 24 * 3600;
  const cookies = (await sessionCookies(ctx.supabaseUrl, email, password, ctx.publishableKey)).map(
    (c) => ({ ...c, url: ctx.appUrl, expires, sameSite: "Lax" as const }),
  );
  return { id: created.data.user.id, admin, client, cookies };
}

async function seed(
  admin: ReturnType<typeof createClient<Database>>,
  ownerId: string,
  count: number,
  now: number,
) {
  const ids: string[] = [];
  for (let start = 0; start < count; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + 500); i++)
      rows.push(seededNote(ownerId, i, now));
    const { data, error } = await admin.from("notes").insert(rows).select("id, title");
    if (error) throw error;
    ids.push(...data.map((n) => n.id));
  }
  return ids;
}

/** Until the service worker controls the page (it installs on the first visit). */
async function swControls(page: Page) {
  await page.waitForFunction(
    () => navigator.serviceWorker.controller?.scriptURL.endsWith("/sw.js") ?? false,
    null,
    { timeout: 60_000 },
  );
}

/** The note documents this device holds for the person (as the offline shell finds them). */
const notesOnDevice = (page: Page, userId: string) =>
  page.evaluate(async (prefix) => {
    const all = await indexedDB.databases();
    return all.filter((d) => d.name?.startsWith(prefix)).length;
  }, `groundwork:${userId}:note:`);

/** Whether this device keeps the person's list (what the offline shell draws). */
const keepsList = (page: Page, userId: string) =>
  page.evaluate(
    (name) =>
      new Promise<boolean>((resolve) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains("kv")) return resolve(false);
          const get = db.transaction("kv").objectStore("kv").get("page:all");
          get.onsuccess = () => resolve(get.result !== undefined);
          get.onerror = () => resolve(false);
        };
        request.onerror = () => resolve(false);
      }),
    `groundwork:${userId}:list`,
  );

/** What the page logs once the note is editable (the bench waits for it). */
const EDITABLE_MESSAGE = "groundwork-bench: editable";

/**
 * Inside every page from its first script on: the first frame (checked before it is painted) in
 * which a shown, editable editor holds `wanted`, in ms from navigation start (the page's time
 * origin), then a console message. The bench waits for that message rather than polling with
 * `waitForFunction`, whose injected script (tens of ms of main-thread work, more under load) would
 * run in the middle of the start it measures. A string, so the page does not meet tsx's helpers.
 */
const watchEditor = (wanted: string) => `
  (() => {
    const wanted = ${JSON.stringify(wanted)};
    const watch = () => {
      const shown = [...document.querySelectorAll(${JSON.stringify(EDITOR)})].some(
        (el) => el.isContentEditable && el.checkVisibility() && (el.textContent || "").includes(wanted),
      );
      if (shown) {
        window.__editable = performance.now();
        console.debug(${JSON.stringify(EDITABLE_MESSAGE)});
      } else requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  })();
`;

/**
 * Cold start of the installed app: a persistent profile signs in, opens /notes and a note (the
 * service worker installed and controlling, the list and the note's document on the device), and
 * the whole browser is closed. Then, in turns, the browser is launched again on that profile and
 * the note's address opened with the network off and with it on, timing from navigation start to
 * the first frame where an editable editor holds the note's text, and to the first contentful
 * paint (the app shell, or the page the server sent).
 */
async function coldStart(ctx: OfflineBenchContext) {
  const person = await newPerson(ctx, "cold");
  // As many notes as the note-switch row has on the device: the shell reads the kept list.
  await seed(person.admin, person.id, 999, Date.now() - 60_000);
  const marker = "Cold start reaches this sentence";
  const body = Array.from(
    { length: 20 },
    (_, i) => `A paragraph of an ordinary note, number ${i + 1}, with a few words in it.`,
  ).join("\n\n");
  const note = await person.admin
    .from("notes")
    .insert({ owner_id: person.id, title: marker, body })
    .select("id")
    .single();
  if (note.error) throw note.error;
  const noteUrl = `${ctx.appUrl}/notes/${note.data.id}`;
  const profile = mkdtempSync(path.join(os.tmpdir(), "groundwork-bench-profile-"));
  const launch = () =>
    chromium.launchPersistentContext(profile, { ...CHROMIUM, viewport: VIEWPORT });
  try {
    const first = await launch();
    try {
      await first.addCookies(person.cookies);
      const page = first.pages()[0] ?? (await first.newPage());
      await page.goto(`${ctx.appUrl}/notes`);
      await swControls(page);
      for (let i = 0; i < 100 && !(await keepsList(page, person.id)); i++) await sleep(100);
      await page.goto(noteUrl);
      await page.locator(EDITOR).filter({ hasText: marker }).waitFor({ timeout: 60_000 });
      for (let i = 0; i < 100 && (await notesOnDevice(page, person.id)) < 1; i++) await sleep(100);
      if ((await notesOnDevice(page, person.id)) < 1)
        throw new Error("The note's document never reached the device");
      if (!(await keepsList(page, person.id))) throw new Error("The list was never kept");
      // The document's last writes settle before the browser goes away.
      await sleep(1_000);
    } finally {
      await first.close();
    }

    const times = {
      offline: { editable: [] as number[], painted: [] as number[], fromShell: 0 },
      online: {
        editable: [] as number[],
        painted: [] as number[],
        fromShell: 0,
        /** From navigation start: the service worker's start, the request sent, its first byte. */
        worker: [] as number[],
        request: [] as number[],
        firstByte: [] as number[],
      },
      /** Where the first offline cold start went, when traced. */
      breakdown: [] as string[],
    };
    const breakdown = times.breakdown;
    for (let run = 0; run < COLD_RUNS; run++) {
      for (const mode of ["offline", "online"] as const) {
        const context = await launch();
        try {
          await context.addInitScript(watchEditor(marker));
          // Network off for the whole browser before anything loads: every request, the service
          // worker's included, fails as with no connection, and navigator.onLine is false.
          if (mode === "offline") await context.setOffline(true);
          const page = context.pages()[0] ?? (await context.newPage());
          // BENCH_OFFLINE_TRACE=<prefix>: a Chromium trace of the first cold start in each mode.
          const tracePath =
            run === 0 && process.env.BENCH_OFFLINE_TRACE
              ? `${process.env.BENCH_OFFLINE_TRACE}-${mode}.json`
              : null;
          const events: unknown[] = [];
          const tracer = tracePath ? await context.newCDPSession(page) : null;
          if (tracer) {
            tracer.on("Tracing.dataCollected", ({ value }) => events.push(...value));
            await tracer.send("Tracing.start", {
              categories:
                "devtools.timeline,disabled-by-default-devtools.timeline,blink,v8,loading,ServiceWorker,IndexedDB" +
                // BENCH_OFFLINE_PROFILE=1: with the JavaScript's samples, to see which functions cost.
                (process.env.BENCH_OFFLINE_PROFILE === "1"
                  ? ",disabled-by-default-v8.cpu_profiler"
                  : ""),
            });
          }
          const editableSeen = page.waitForEvent("console", {
            predicate: (message) => message.text() === EDITABLE_MESSAGE,
            timeout: 60_000,
          });
          await page.goto(noteUrl, { waitUntil: "commit" });
          await editableSeen.catch(async (err: Error) => {
            const seen = await page.evaluate(() => document.body?.innerText.slice(0, 400));
            throw new Error(`${mode}: no editable note at ${page.url()}: ${seen}`, {
              cause: err,
            });
          });
          // Offline, the first contentful frame is often the editable one: its paint is reported
          // after the frame, so it is awaited (briefly) rather than read at once.
          const [editable, painted] = await page.evaluate(async () => {
            const fcp = await new Promise<number>((resolve) => {
              const observer = new PerformanceObserver((list) => {
                const entry = list.getEntriesByName("first-contentful-paint")[0];
                if (entry) resolve(entry.startTime);
              });
              observer.observe({ type: "paint", buffered: true });
              setTimeout(() => resolve(NaN), 2_000);
            });
            return [(window as unknown as { __editable: number }).__editable, fcp];
          });
          if (tracer && tracePath) {
            const done = new Promise((resolve) => tracer.once("Tracing.tracingComplete", resolve));
            await tracer.send("Tracing.end");
            await done;
            writeFileSync(tracePath, JSON.stringify(events));
            if (mode === "offline")
              breakdown.push(
                ...coldStartLines(events as Parameters<typeof coldStartLines>[0], editable),
              );
          }
          if (mode === "online") {
            const nav = await page.evaluate(() => {
              const entry = performance.getEntriesByType("navigation")[0] as
                PerformanceNavigationTiming | undefined;
              return entry
                ? [entry.workerStart, entry.requestStart, entry.responseStart]
                : [NaN, NaN, NaN];
            });
            times.online.worker.push(nav[0]);
            times.online.request.push(nav[1]);
            times.online.firstByte.push(nav[2]);
          }
          times[mode].editable.push(editable);
          times[mode].painted.push(painted);
          const fromShell = (await page.locator("[data-offline-shell]").count()) > 0;
          if (fromShell) times[mode].fromShell++;
          if (mode === "offline" && !fromShell)
            throw new Error("Offline, the note was not opened by the app shell");
        } finally {
          await context.close();
        }
      }
    }
    return times;
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The markers of one run: one per edit, none a prefix of another. */
const markerOf = (run: number, note: number, edit: number) =>
  `mk${run}x${String(note).padStart(2, "0")}x${String(edit).padStart(2, "0")}q`;

/**
 * One offline queue: 50 notes on the device, the network off, 10 edits in each typed through the
 * app shell (each note opened from the shell's list, as a person switches), then the network on,
 * until the server holds all 500 edits (read with the person's token), or SYNC_BOUND_MS.
 */
async function offlineQueue(ctx: OfflineBenchContext, run: number) {
  const person = await newPerson(ctx, `queue${run}`);
  const ids = await seed(person.admin, person.id, QUEUE_NOTES, Date.now() - 60_000);
  const browser = await chromium.launch(CHROMIUM);
  let context: BrowserContext | null = null;
  try {
    context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: "allow" });
    await context.addCookies(person.cookies);
    const page = await context.newPage();
    await page.goto(`${ctx.appUrl}/notes`);
    await swControls(page);
    // Every note opened once online from the list, so its document is on the device.
    for (const id of ids) {
      await page.locator(`a[data-note-link][href="/notes/${id}"]`).first().click();
      await page.waitForURL(`**/notes/${id}`);
      await page.locator(EDITOR).first().waitFor({ state: "visible", timeout: 60_000 });
    }
    for (let i = 0; i < 300 && (await notesOnDevice(page, person.id)) < ids.length; i++)
      await sleep(100);
    const held = await notesOnDevice(page, person.id);
    if (held < ids.length) throw new Error(`Only ${held} of ${ids.length} notes on the device`);
    for (let i = 0; i < 100 && !(await keepsList(page, person.id)); i++) await sleep(100);
    await sleep(1_000);

    await context.setOffline(true);
    await page.goto(`${ctx.appUrl}/notes`);
    const shell = page.locator("[data-offline-shell]");
    await shell.waitFor({ timeout: 30_000 });
    for (const [n, id] of ids.entries()) {
      const title = await page.evaluate(
        (noteId) =>
          document.querySelector(`[data-offline-shell] a[href="/notes/${noteId}"] b span`)
            ?.textContent ?? "",
        id,
      );
      await shell.locator(`a[data-note-link][href="/notes/${id}"]`).click();
      const editor = page.locator(EDITOR).filter({ hasText: title.slice(0, 20) });
      await editor.waitFor({ timeout: 30_000 });
      await editor.click();
      await page.keyboard.press("ControlOrMeta+End");
      for (let k = 0; k < EDITS_PER_NOTE; k++) {
        await page.keyboard.press("Enter");
        await page.keyboard.type(markerOf(run, n, k));
      }
      await page
        .locator(EDITOR)
        .filter({ hasText: markerOf(run, n, EDITS_PER_NOTE - 1) })
        .waitFor({ timeout: 10_000 });
    }
    // The shell's count follows what each note keeps waiting (read every second).
    const waitingCount = () =>
      page.locator("[data-waiting-count]").getAttribute("data-waiting-count").then(Number);
    for (let i = 0; i < 50 && (await waitingCount()) < ids.length; i++) await sleep(100);
    const shown = await waitingCount();

    const wanted = ids.flatMap((_, n) =>
      Array.from({ length: EDITS_PER_NOTE }, (_, k) => markerOf(run, n, k)),
    );
    const stored = async () => {
      const { data, error } = await person.client.from("notes").select("body").in("id", ids);
      if (error) return 0;
      const all = data.map((n) => n.body).join("\n");
      return wanted.filter((m) => all.includes(m)).length;
    };
    const before = await stored();
    await context.setOffline(false);
    const reconnected = performance.now();
    let got = before;
    let syncedMs = NaN;
    while (performance.now() - reconnected < SYNC_BOUND_MS) {
      got = await stored();
      if (got === wanted.length) {
        syncedMs = performance.now() - reconnected;
        break;
      }
      await sleep(100);
    }
    const shownAfter = await waitingCount();
    return { syncedMs, stored: got, before, wanted: wanted.length, shown, shownAfter };
  } finally {
    await context?.close();
    await browser.close();
  }
}

/** The installed app's rows: cold start off and on the network, and an offline queue's sync. */
export async function benchOffline(ctx: OfflineBenchContext) {
  const cold = await coldStart(ctx);
  const queues = [];
  for (let run = 0; run < QUEUE_RUNS; run++) queues.push(await offlineQueue(ctx, run));
  const synced = queues.filter((q) => Number.isFinite(q.syncedMs)).map((q) => q.syncedMs);
  const missing = queues.reduce((sum, q) => sum + (q.wanted - q.stored), 0);
  const wanted = queues.reduce((sum, q) => sum + q.wanted, 0);
  const lines = [
    `\n  cold start of the installed app to an editable note (browser closed and launched again on its profile, the note's address, navigation start to the first frame an editable editor holds the note; 1,000 notes, ${COLD_RUNS} each): network off ${ms(cold.offline.editable)}; network on ${ms(cold.online.editable)}`,
    `  cold start to the first contentful paint: network off (the app shell) ${ms(cold.offline.painted)}; network on ${ms(cold.online.painted)} (opened by the app shell in ${cold.online.fromShell} of ${cold.online.painted.length}, the server's page in the rest)`,
    `  cold start, network on, the page's own timing from navigation start: service worker started ${ms(cold.online.worker)}, request sent ${ms(cold.online.request)}, first byte ${ms(cold.online.firstByte)}`,
    `  each cold start, editable (ms): network off ${cold.offline.editable.map((t) => t.toFixed(0)).join(", ")}; network on ${cold.online.editable.map((t) => t.toFixed(0)).join(", ")}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
    ...cold.breakdown,
  ];
  if (queues.length > 0)
    lines.push(
      `  offline queue (${QUEUE_NOTES} notes on the device, ${EDITS_PER_NOTE} edits each typed offline through the shell, ${queues.length} run${queues.length === 1 ? "" : "s"}): reconnect until the server holds all ${QUEUE_NOTES * EDITS_PER_NOTE} ${synced.length ? `p50 ${percentile(synced, 50).toFixed(0)} ms (${synced.map((s) => s.toFixed(0)).join(", ")})` : "never"}${synced.length < queues.length ? `, ${queues.length - synced.length} run(s) not done in ${SYNC_BOUND_MS / 1000} s (stored ${queues.map((q) => q.stored).join(", ")} of ${QUEUE_NOTES * EDITS_PER_NOTE})` : ""}; ${missing} of ${wanted} edits missing on the server at the end; the shell's count of notes with changes waiting to sync: ${queues.map((q) => q.shown).join(", ")} before reconnecting, ${queues.map((q) => q.shownAfter).join(", ")} right after all were stored (it rereads each second); edits on the server before reconnecting: ${queues.map((q) => q.before).join(", ")}`,
    );
  return { lines, failed: missing > 0 };
}
