/**
 * `npx tsx scripts/bench/import-run.ts` (after `npm run build`): a very large import, and what it
 * costs everyone else. One person imports a Markdown vault of BENCH_IMPORT_NOTES notes (10,000) in
 * 100 folders, with tags and [[links]], and BENCH_IMPORT_MB of attachments (2,048) in files of
 * 8 MiB, through the app's own import writer (`writeImport`: rows, tus uploads, each document
 * posted to the note's updates route). Meanwhile another person with 1,000 notes keeps using the
 * app: their notes list and a note (app server), a list read and a search (backend). Their
 * latencies are printed before and during the import, as p50 / p95 and the ratio between the two,
 * with the import's own pace.
 *
 * The writer runs here in Node, not in a browser tab: the tab's parts it needs are given to it
 * (relative `fetch` to the app with the person's cookie, `window`'s online events, and a file
 * reader for tus that takes a File).
 */
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { createClient } from "@supabase/supabase-js";
import { spawnBackend } from "@groundwork/local-backend/process";
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from "@groundwork/local-backend/keys";

import type { Database } from "../../lib/supabase/database.types";
import { parseMarkdownVault } from "../../lib/import/markdown-vault";
import type { ImportEntry } from "../../lib/import/plan";
import { writeImport } from "../../lib/import/write";
import { seedNotes } from "../seed-notes";
import { startApp } from "./app-process";
import { percentile, timedGet } from "./http-load";
import { cookieHeader, sessionCookies } from "./session-cookies";

const NOTES = Number(process.env.BENCH_IMPORT_NOTES ?? 10_000);
const MEGABYTES = Number(process.env.BENCH_IMPORT_MB ?? 2_048);
const FILE_MIB = 8;
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3490);
/** The other person's requests: one round of four every 250 ms, at most this many rounds. */
const ROUND_MS = 250;
const MAX_ROUNDS = 4 * 60 * 30;
const BASELINE_ROUNDS = 40;
const PASSWORD = "bench-password-123";

// The tab's parts the writer uses, in Node.
const tab = new EventTarget();
Object.assign(globalThis, { window: tab });
Object.defineProperty(globalThis.navigator, "onLine", { configurable: true, get: () => true });
// tus-js-client's Node build reads Buffers and streams; the writer hands it Files, as a browser does.
{
  const require = createRequire(import.meta.url);
  const reader = require("tus-js-client/lib.es5/node/fileReader.js").default;
  const open = reader.prototype.openFile;
  reader.prototype.openFile = async function (input: unknown, chunkSize: number) {
    const bytes = input instanceof Blob ? Buffer.from(await input.arrayBuffer()) : input;
    return open.call(this, bytes, chunkSize);
  };
}

const started = performance.now();
const step = (what: string) =>
  console.error(`${((performance.now() - started) / 1000).toFixed(0)} s: ${what}`);

async function signedInClient(backendUrl: string, email: string) {
  const client = createClient<Database>(backendUrl, LOCAL_PUBLISHABLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: true },
  });
  const signedIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (signedIn.error) throw signedIn.error;
  return { client, userId: signedIn.data.user.id };
}

const WORDS = "garden recipe meeting travel budget sourdough project idea book film lisbon".split(
  " ",
);
const word = (n: number) => WORDS[n % WORDS.length];

/** The vault: notes in 100 folders, each with a tag and a link to the note before it. */
function vault(notes: number, megabytes: number): ImportEntry[] {
  const encode = (text: string) => new TextEncoder().encode(text);
  const entries: ImportEntry[] = [];
  const files = Math.round(megabytes / FILE_MIB);
  for (let i = 0; i < notes; i++) {
    const folder = `Folder ${i % 100}`;
    const file = i < files ? `\n\n![scan ${i}](files/scan-${i}.pdf)\n` : "";
    const text =
      `# Imported ${word(i)} ${i}\n\n` +
      `Notes about ${word(i + 1)} and ${word(i + 2)}, #${word(i + 3)}.\n\n` +
      `- [ ] ${word(i + 4)} ${word(i + 5)}\n\n` +
      (i > 0 ? `See [[Imported ${word(i - 1)} ${i - 1}]].` : "") +
      file;
    entries.push({ path: `${folder}/Imported ${word(i)} ${i}.md`, bytes: encode(text) });
    if (file) {
      const bytes = randomBytes(FILE_MIB * 1024 * 1024);
      bytes.write("%PDF-1.4\n", 0);
      entries.push({ path: `${folder}/files/scan-${i}.pdf`, bytes });
    }
  }
  return entries;
}

type Samples = Record<string, number[]>;

/** One round of the other person's use: two app pages and two backend reads. */
async function round(
  samples: Samples,
  other: { client: Awaited<ReturnType<typeof signedInClient>>["client"]; cookie: string },
  appUrl: string,
  noteId: string,
  agent: http.Agent,
) {
  const time = async (label: string, run: () => Promise<unknown>) => {
    const at = performance.now();
    await run();
    (samples[label] ??= []).push(performance.now() - at);
  };
  const page = async (url: string) => {
    const got = await timedGet(url, agent, other.cookie);
    if (got.status !== 200) throw new Error(`${url} answered ${got.status}`);
  };
  await time("notes list page (app)", () => page(`${appUrl}/notes`));
  await time("a note's page (app)", () => page(`${appUrl}/notes/${noteId}`));
  await time("list read (REST)", async () => {
    const read = await other.client
      .from("notes")
      .select("id, title, updated_at")
      .is("deleted_at", null)
      .order("updated_at", { ascending: false })
      .limit(50);
    if (read.error) throw read.error;
  });
  await time("search (RPC)", async () => {
    const found = await other.client.rpc("search_notes", { query: "garden" });
    if (found.error) throw found.error;
  });
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "groundwork-bench-import-"));
const backend = await spawnBackend({
  dataDir,
  reset: !process.env.SUPABASE_DB_URL,
  port: Number(process.env.BENCH_BACKEND_PORT ?? 0),
  env: { SUPABASE_LOCAL_RATE_LIMITS: "off" },
  // BENCH_BACKEND_LOG=<file> keeps what the backend printed, to see why a request failed.
  echo: process.env.BENCH_BACKEND_LOG
    ? createWriteStream(process.env.BENCH_BACKEND_LOG)
    : undefined,
});
let app: Awaited<ReturnType<typeof startApp>> | null = null;
try {
  step("backend up; seeding the other person's 1,000 notes");
  const stamp = Date.now();
  const otherEmail = `import-other-${stamp}@example.com`;
  const importerEmail = `import-bench-${stamp}@example.com`;
  await seedNotes({
    url: backend.url,
    secretKey: LOCAL_SECRET_KEY,
    email: otherEmail,
    password: PASSWORD,
    count: 1_000,
  });
  const admin = createClient<Database>(backend.url, LOCAL_SECRET_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const made = await admin.auth.admin.createUser({
    email: importerEmail,
    password: PASSWORD,
    email_confirm: true,
  });
  if (made.error) throw made.error;

  app = await startApp({
    dir: process.cwd(),
    port: APP_PORT,
    supabaseUrl: backend.url,
    publishableKey: LOCAL_PUBLISHABLE_KEY,
    secretKey: LOCAL_SECRET_KEY,
  });
  const appUrl = app.url;
  const other = {
    ...(await signedInClient(backend.url, otherEmail)),
    cookie: cookieHeader(await sessionCookies(backend.url, otherEmail, PASSWORD)),
  };
  const importer = await signedInClient(backend.url, importerEmail);
  const importerCookie = cookieHeader(await sessionCookies(backend.url, importerEmail, PASSWORD));
  const first = await other.client.from("notes").select("id").limit(1).single();
  if (first.error) throw first.error;

  // The writer posts each document to `/notes/<id>/updates` on its own origin, with its cookie.
  const nodeFetch = globalThis.fetch;
  globalThis.fetch = (input, init) =>
    typeof input === "string" && input.startsWith("/")
      ? nodeFetch(`${appUrl}${input}`, {
          ...init,
          headers: { ...(init?.headers as Record<string, string>), cookie: importerCookie },
        })
      : nodeFetch(input, init);

  const agent = new http.Agent({ keepAlive: false });
  step("the other person's requests, before the import");
  const before: Samples = {};
  for (let i = 0; i < 20; i++) await round({}, other, appUrl, first.data.id, agent);
  for (let i = 0; i < BASELINE_ROUNDS; i++) {
    await round(before, other, appUrl, first.data.id, agent);
    await new Promise((r) => setTimeout(r, ROUND_MS));
  }

  step(`building the vault: ${NOTES} notes, ${MEGABYTES} MB of files`);
  const plan = parseMarkdownVault(vault(NOTES, MEGABYTES));
  if (plan.notes.length !== NOTES) throw new Error(`the plan holds ${plan.notes.length} notes`);

  step("importing, while the other person keeps using the app");
  const during: Samples = {};
  let done = false;
  let last = 0;
  const importStarted = performance.now();
  const importing = writeImport(
    {
      supabase: importer.client,
      supabaseUrl: backend.url,
      publishableKey: LOCAL_PUBLISHABLE_KEY,
      ownerId: importer.userId,
    },
    plan,
    "Bench vault",
    "duplicate",
    (progress) => {
      if (progress.notesDone - last >= 1_000) {
        last = progress.notesDone;
        step(`${progress.notesDone} notes, ${progress.filesDone} files written`);
      }
    },
  ).finally(() => (done = true));
  for (let i = 0; i < MAX_ROUNDS && !done; i++) {
    await round(during, other, appUrl, first.data.id, agent);
    await new Promise((r) => setTimeout(r, ROUND_MS));
  }
  const report = await importing;
  const seconds = (performance.now() - importStarted) / 1000;
  agent.destroy();

  const notes = await importer.client
    .from("notes")
    .select("id", { count: "exact", head: true })
    .is("deleted_at", null);
  console.log(
    `import: ${report.created} notes and ${report.files} files (${MEGABYTES} MB) in ${seconds.toFixed(0)} s` +
      ` = ${(report.created / seconds).toFixed(1)} notes/s, ${(MEGABYTES / seconds).toFixed(1)} MB/s;` +
      ` ${notes.count} notes stored, ${report.problems.length} problems`,
  );
  if (report.problems.length) console.log(report.problems.slice(0, 5));
  // Imported as typed: the last note's text, tag and link are derived like any note's.
  const lastNote = await importer.client
    .from("notes")
    .select("title, body")
    .eq("title", `Imported ${word(NOTES - 1)} ${NOTES - 1}`)
    .single();
  if (lastNote.error || !lastNote.data.body.includes(`#${word(NOTES + 2)}`))
    throw new Error(`the last note was not stored whole: ${JSON.stringify(lastNote)}`);
  console.log(`the other person's requests (ms), p50 / p95 before -> during the import:`);
  for (const label of Object.keys(before)) {
    const b = [...before[label]].sort((x, y) => x - y);
    const d = [...(during[label] ?? [])].sort((x, y) => x - y);
    if (!d.length) continue;
    const [b50, b95, d50, d95] = [
      percentile(b, 0.5),
      percentile(b, 0.95),
      percentile(d, 0.5),
      percentile(d, 0.95),
    ];
    console.log(
      `  ${label.padEnd(24)} ${b50.toFixed(1)} / ${b95.toFixed(1)} -> ${d50.toFixed(1)} / ${d95.toFixed(1)}` +
        `   x${(d50 / b50).toFixed(1)} p50, x${(d95 / b95).toFixed(1)} p95  (${d.length} during)`,
    );
  }
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
} finally {
  await app?.stop();
  await backend.stop("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
