/**
 * `npx tsx scripts/bench/folder-export-run.ts` (after `npm run build`): a big folder exported as
 * HTML and printed, in Chromium, from the sidebar's folder menu. One person has BENCH_FOLDER_NOTES
 * notes (500) in a folder and a folder inside it, every 25th with a picture attached. Printed: how
 * long each export takes and its pace, the file's size, and how the tab kept painting meanwhile
 * (the gaps between animation frames as p50 / p95 / max, and the long tasks the page reported).
 * BENCH_APP_PORT and BENCH_BACKEND_PORT choose the ports; CHROMIUM_PATH the browser.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient } from "@supabase/supabase-js";
import { chromium, type Page } from "@playwright/test";
import { spawnBackend } from "@groundwork/local-backend/process";
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from "@groundwork/local-backend/keys";

import type { Database } from "../../lib/supabase/database.types";
import { startApp } from "./app-process";
import { percentile } from "./http-load";
import { sessionCookies } from "./session-cookies";

const NOTES = Number(process.env.BENCH_FOLDER_NOTES ?? 500);
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3490);
const PASSWORD = "bench-password-123";
const PICTURE = readFileSync(path.join(import.meta.dirname, "../../tests/e2e/fixtures/face.png"));
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  (existsSync("/usr/bin/chromium-headless-shell")
    ? "/usr/bin/chromium-headless-shell"
    : "/usr/bin/chromium");

const started = performance.now();
const step = (what: string) =>
  console.error(`${((performance.now() - started) / 1000).toFixed(0)} s: ${what}`);

const body = (i: number) =>
  [
    `## Part ${i}`,
    "",
    `Notes about item ${i}, with **bold** and \`code\` and a [link](https://example.com/${i}).`,
    "",
    "- [ ] first thing",
    "- [x] second thing",
    "",
    "```ts",
    `const n = ${i};`,
    "```",
    "",
    "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(8),
  ].join("\n");

/**
 * Watches the tab paint: each gap between animation frames, and the long tasks it reports. Sent
 * as text: tsx would wrap named functions in a helper the page does not have.
 */
const WATCH = `(() => {
  const w = window;
  w.gaps = [];
  w.long = [];
  w.watching = true;
  let last = performance.now();
  const tick = (now) => {
    w.gaps.push(now - last);
    last = now;
    if (w.watching) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.long.push(e.duration);
  }).observe({ type: "longtask" });
})()`;

const SEEN = `(() => {
  window.watching = false;
  return { gaps: window.gaps.slice(1), long: window.long };
})()`;

const watchFrames = (page: Page) => page.evaluate(WATCH);
const framesSeen = (page: Page) => page.evaluate<{ gaps: number[]; long: number[] }>(SEEN);

const ms = (n: number) => `${n.toFixed(0)} ms`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), "groundwork-bench-folder-export-"));
const backend = await spawnBackend({
  dataDir,
  reset: !process.env.SUPABASE_DB_URL,
  port: Number(process.env.BENCH_BACKEND_PORT ?? 0),
  env: { SUPABASE_LOCAL_RATE_LIMITS: "off" },
});
let app: Awaited<ReturnType<typeof startApp>> | null = null;
const browser = await chromium.launch({ executablePath: CHROMIUM });
try {
  step(`backend up; seeding ${NOTES} notes in a folder and a folder inside it`);
  const admin = createClient<Database>(backend.url, LOCAL_SECRET_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const email = `folder-export-${Date.now()}@example.com`;
  const made = await admin.auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  if (made.error) throw made.error;
  const owner = made.data.user.id;
  const folder = async (name: string, parent: string | null) => {
    const { data, error } = await admin
      .from("folders")
      .insert({ owner_id: owner, name, parent_id: parent })
      .select("id")
      .single();
    if (error) throw error;
    return data.id;
  };
  const big = await folder("Big", null);
  const inside = await folder("Inside", big);
  const ids: string[] = [];
  for (let from = 0; from < NOTES; from += 250) {
    const rows = [];
    for (let i = from; i < Math.min(NOTES, from + 250); i++)
      rows.push({
        owner_id: owner,
        title: `Note ${i}`,
        body: body(i),
        folder_id: i % 2 ? inside : big,
      });
    const { data, error } = await admin.from("notes").insert(rows).select("id");
    if (error) throw error;
    ids.push(...data.map((r) => r.id));
  }
  let pictures = 0;
  for (let i = 0; i < ids.length; i += 25) {
    const stored = `${owner}/${ids[i]}/0a1b2c3d4e5f-face.png`;
    const up = await admin.storage
      .from("attachments")
      .upload(stored, PICTURE, { contentType: "image/png" });
    if (up.error) throw up.error;
    const { error } = await admin
      .from("notes")
      .update({ body: `${body(i)}\n\n![face.png](attachment:${stored})` })
      .eq("id", ids[i]);
    if (error) throw error;
    pictures++;
  }

  app = await startApp({
    dir: process.cwd(),
    port: APP_PORT,
    supabaseUrl: backend.url,
    publishableKey: LOCAL_PUBLISHABLE_KEY,
    secretKey: LOCAL_SECRET_KEY,
  });
  const context = await browser.newContext({
    baseURL: app.url,
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  const cookies = await sessionCookies(backend.url, email, PASSWORD);
  await context.addCookies(cookies.map((c) => ({ ...c, url: app!.url, sameSite: "Lax" as const })));
  const page = await context.newPage();
  await page.goto("/notes");
  const menu = async (item: string) => {
    await page
      .getByRole("tree", { name: "Folders" })
      .getByRole("treeitem", { name: /^Big ?,/ })
      .press("Shift+F10");
    await page.getByRole("menuitem", { name: item }).click();
  };

  const lines: string[] = [
    `folder export: ${NOTES} notes (${pictures} with a picture), load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  ];
  const report = (what: string, took: number, seen: { gaps: number[]; long: number[] }) => {
    const sorted = [...seen.gaps].sort((a, b) => a - b);
    lines.push(
      `${what}: ${ms(took)} (${((NOTES / took) * 1000).toFixed(0)} notes/s); frame gaps p50 ${ms(
        percentile(sorted, 0.5),
      )}, p95 ${ms(percentile(sorted, 0.95))}, max ${ms(Math.max(...seen.gaps))} over ${
        seen.gaps.length
      } frames; long tasks ${seen.long.length}, longest ${ms(Math.max(0, ...seen.long))}`,
    );
  };

  step("exporting the folder as HTML");
  await watchFrames(page);
  let at = performance.now();
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 600_000 }),
    menu("Export folder as HTML"),
  ]);
  const file = readFileSync((await download.path())!);
  report("HTML", performance.now() - at, await framesSeen(page));
  lines.push(`HTML file: ${(file.length / 1024).toFixed(0)} KiB`);

  step("printing the folder");
  // The print dialog is the browser's; the time until the pages are handed to it is what counts.
  await watchFrames(page);
  at = performance.now();
  await menu("Print folder or save as PDF");
  await page.locator("iframe[data-folder-print][data-printed]").waitFor({
    state: "attached",
    timeout: 600_000,
  });
  report("print", performance.now() - at, await framesSeen(page));

  for (const line of lines) console.log(line);
} finally {
  await browser.close();
  await app?.stop();
  await backend.stop("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
