/**
 * `npm run bench:app`: the app as visitors meet it. Starts the local backend and the production
 * build (`npm run build` first), puts a counting proxy between them, then prints for each page
 * requests per second and p50/p95 at 10 and 50 connections, first and last byte with one client,
 * and its ratio to the framework's floor in the same build behind the same middleware (`/health`,
 * a route handler that renders nothing). Also: what the middleware costs on a request it answers
 * alone, and how many auth-server requests a page view makes while the token is fresh (none).
 *
 * BENCH_REFERENCE_DIR=<dir> also starts another production build of a Supabase starter app against
 * the same backend (BENCH_PROXY_PORT fixes the backend's address for a build that inlined it) and
 * compares its `/`, `/protected` signed in and `/protected` signed out with ours, in turns, and
 * both builds' first-load JavaScript.
 * Then: search with 10,000 notes, a keystroke's trip to another open device (two Chromium pages), and
 * a 50 MiB attachment sent over tus as the editor sends it; BENCH_ONLY_COMPARE=1 skips these and
 * the notes and share rows.
 * The history rows time a note edited in 2,000 sessions: its timeline's first page, a middle
 * version's preview, the diff against the current text and a restore until another open device
 * has it; BENCH_ONLY_HISTORY=1 prints only these (no app server is started, no build needed).
 * The collaboration rows: three people typing in one note from three browsers (keystroke to the
 * other two, missed characters), access removal until the removed editor's page takes no typing,
 * and one update's fan-out to 50 people with the note open; BENCH_ONLY_COLLAB=1 prints only these.
 * BENCH_ONLY_KEYSTROKE=1 prints only the keystroke's trip to another open device and the Realtime
 * messages a minute of steady typing sends (in a new note of a person with no other notes).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import { createClient } from "@supabase/supabase-js";

import { spawnBackend } from "@groundwork/local-backend/process";
import { seedNotes } from "./seed-notes";
import { startApp, type AppProcess } from "./bench/app-process";
import { benchAttachmentUpload } from "./bench/attachments";
import { benchCollab } from "./bench/collab";
import { benchEditor } from "./bench/editor-input";
import { benchHistory } from "./bench/history";
import {
  comparePairs,
  printComparison,
  printFirstLoad,
  referenceSignedInProblem,
} from "./bench/compare";
import { timedGet } from "./bench/http-load";
import { benchNotes } from "./bench/notes";
import { benchOffline } from "./bench/offline-app";
import { benchKeystroke, type FramesSeen } from "./bench/notes-keystroke";
import { organizeLines } from "./bench/organize";
import { breakdownLines, htmlBreakdown } from "./bench/html-breakdown";
import { measureCpuOf, printPages, profilePage, type PageProfile } from "./bench/page-profile";
import { proxyCost } from "./bench/proxy-cost";
import { cookieHeader, sessionCookies } from "./bench/session-cookies";
import { benchShare } from "./bench/share";
import { printViewProfile, profileView, type Recorder } from "./bench/view-profile";

const PUBLISHABLE_KEY = "sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH";
const SECRET_KEY = "sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz";
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3199);
const REFERENCE_DIR = process.env.BENCH_REFERENCE_DIR;
const ONLY_COMPARE = process.env.BENCH_ONLY_COMPARE === "1";
/** BENCH_ONLY_PROFILE=1: only where each notes view's time and bytes go (a quick look). */
const ONLY_PROFILE = process.env.BENCH_ONLY_PROFILE === "1";
/**
 * BENCH_PROFILE_LOAD=1: with the profile, also each notes view under load (rps and p50 at 10 and 50
 * connections, one client's first and last byte) against the floor (`/health`), in the same run.
 */
const PROFILE_LOAD = process.env.BENCH_PROFILE_LOAD === "1";
/** BENCH_HTML_BREAKDOWN=1: with the profile, what each notes view's HTML spends its bytes on. */
const HTML_BREAKDOWN = process.env.BENCH_HTML_BREAKDOWN === "1";
/** BENCH_ONLY_EDITOR=1: only the writing surface's rows (keystroke latency, layout shift). */
const ONLY_EDITOR = process.env.BENCH_ONLY_EDITOR === "1";
/** BENCH_ONLY_HISTORY=1: only the version history rows (no app server). */
const ONLY_HISTORY = process.env.BENCH_ONLY_HISTORY === "1";
/** BENCH_ONLY_COLLAB=1: only the rows of several people in one note. */
const ONLY_COLLAB = process.env.BENCH_ONLY_COLLAB === "1";
/** BENCH_ONLY_OFFLINE=1: only the installed app's rows (cold start, offline queue). */
const ONLY_OFFLINE = process.env.BENCH_ONLY_OFFLINE === "1";
/** BENCH_ONLY_KEYSTROKE=1: only a keystroke's trip to another device and messages per minute. */
const ONLY_KEYSTROKE = process.env.BENCH_ONLY_KEYSTROKE === "1";

/**
 * Forwards everything to the backend, counts what the apps ask of /auth/v1 and, while the
 * recorder is on, notes each request with when it started and how long it took.
 */
function countingProxy(target: string) {
  const counts = { auth: 0 };
  const frames: FramesSeen = { toBackend: [], fromBackend: [] };
  const recorder: Recorder = { recording: null, origin: 0 };
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith("/auth/v1")) counts.auth += 1;
    const started = performance.now();
    const trips = recorder.recording;
    const upstream = http.request(
      new URL(req.url ?? "/", target),
      { method: req.method, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        let bytes = 0;
        up.on("data", (c: Buffer) => (bytes += c.length));
        up.on("end", () =>
          trips?.push({
            path: `${req.method} ${decodeURIComponent(req.url ?? "")}`,
            start: started - recorder.origin,
            ms: performance.now() - started,
            bytes,
          }),
        );
        up.pipe(res);
      },
    );
    // Cut off mid-answer, the app sees the answer cut off, as it would from the backend itself.
    upstream.on("error", () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    req.pipe(upstream);
  });
  // As the local backend does: longer than the app keeps an idle socket to it, so a socket the
  // app reuses is never closed under its request (a "fetch failed" the backend would not cause).
  server.keepAliveTimeout = 65_000;
  // Realtime's WebSocket passes through as well, so browsers reach the backend as the app does.
  server.on("upgrade", (req, socket, head) => {
    const { hostname, port } = new URL(target);
    // Small frames go out at once, as from a browser's own socket (Chromium sets TCP_NODELAY).
    const upstream = net.connect({ port: Number(port), host: hostname, noDelay: true }, () => {
      const headers = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        headers.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers.join("\r\n")}\r\n\r\n`);
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
      // When a note's update passes, each way: the keystroke's trip splits here into the way to
      // the backend and the backend's own part.
      const seen = (into: number[]) => (c: Buffer) => {
        const at = performance.timeOrigin + performance.now();
        for (let n = updatesIn(c); n > 0; n--) into.push(at);
      };
      socket.on("data", seen(frames.toBackend));
      upstream.on("data", seen(frames.fromBackend));
    });
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
  });
  return { server, counts, recorder, frames };
}

/** How many WebSocket frames read at once (a browser's masked or a server's) carry a note's update. */
function updatesIn(chunk: Buffer): number {
  let found = 0;
  for (let at = 0; at + 2 <= chunk.length;) {
    const masked = (chunk[at + 1]! & 0x80) !== 0;
    let length = chunk[at + 1]! & 0x7f;
    let start = at + 2;
    if (length === 126) {
      length = chunk.readUInt16BE(start);
      start += 2;
    } else if (length === 127) {
      length = Number(chunk.readBigUInt64BE(start));
      start += 8;
    }
    const mask = masked ? chunk.subarray(start, start + 4) : null;
    if (mask) start += 4;
    const payload = Buffer.from(chunk.subarray(start, start + length));
    if (mask) for (let i = 0; i < payload.length; i++) payload[i]! ^= mask[i % 4]!;
    // realtime-js' binary broadcast: the topic, then the event's name.
    if (/note:[0-9a-f-]{36}update/.test(payload.toString("latin1"))) found += 1;
    at = start + length;
  }
  return found;
}

async function signInCookie(backendUrl: string, proxyUrl: string) {
  const email = `bench-${Date.now()}@example.com`;
  const password = "bench-password-123";
  const admin = createClient(backendUrl, SECRET_KEY, { auth: { persistSession: false } });
  const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  const cookies = await sessionCookies(proxyUrl, email, password, PUBLISHABLE_KEY);
  return { email, password, cookie: cookieHeader(cookies) };
}

const keysFor = (appUrl: string, supabaseUrl: string) => ({
  appUrl,
  supabaseUrl,
  publishableKey: PUBLISHABLE_KEY,
  secretKey: SECRET_KEY,
});

async function warmUp(urls: string[], cookie: string) {
  const agent = new http.Agent({ keepAlive: false });
  for (let i = 0; i < 5; i++) await Promise.all(urls.map((u) => timedGet(u, agent, cookie)));
}

type Keystroke = Awaited<ReturnType<typeof benchKeystroke>>;

function keystrokeLines(keystroke: Keystroke | null) {
  const parts = (t: { p50: number; p95: number }) => `${t.p50.toFixed(1)} / ${t.p95.toFixed(1)}`;
  return keystroke
    ? `  keystroke to another device: p50 ${keystroke.p50.toFixed(1)} ms, p95 ${keystroke.p95.toFixed(1)} ms, ${keystroke.failures} missed (${keystroke.keystrokes} keys at most one every 50 ms, two Chromium pages)\n  steady typing (a key every 50 ms): ${keystroke.messagesPerMinute.withPeer.toFixed(0)} Realtime messages/min with another device open, ${keystroke.messagesPerMinute.alone.toFixed(0)} alone; keys as fast as the page takes them (${keystroke.messagesPerMinute.fastest.keys.toFixed(0)} a minute): ${keystroke.messagesPerMinute.fastest.messages.toFixed(0)} messages/min (the window lets 1,500 a minute through, and a burst of 12 more)\n  stores of the note (requests that write to the database): ${keystroke.storesPerMinute.steady.toFixed(0)}/min at a key every 50 ms, ${keystroke.storesPerMinute.fastest.toFixed(0)}/min as fast as the page takes keys\n  a key's trip in parts (p50 / p95 ms): keydown to its broadcast leaving the page ${parts(keystroke.parts.writer)}, through the backend to the other page ${parts(keystroke.parts.wire)} (to the backend ${parts(keystroke.parts.toBackend)}, the backend ${parts(keystroke.parts.backend)}, from it to the page's handler ${parts(keystroke.parts.fromBackend)}), applied there ${parts(keystroke.parts.apply)}, then seen in its editor ${parts(keystroke.parts.shown)}`
    : "  keystroke to another device: needs Realtime in the local backend (not served)";
}

/** Typing in a 50,000-character note and layout shift on /notes and a note, as printed lines. */
async function editorLines(appUrl: string, backendUrl: string, email: string, cookie: string) {
  const typing = await benchEditor({ appUrl, backendUrl, secretKey: SECRET_KEY, email, cookie });
  const { switches, scroll } = typing;
  return [
    `\n  input latency per keystroke (${typing.characters.toLocaleString("en")}-character note, Chromium): p50 ${typing.p50.toFixed(1)} ms, p95 ${typing.p95.toFixed(1)} ms (${typing.keystrokes} keys, key event to the frame after)`,
    `    the same keys in a one-line note (a key handled at once still waits for the display's next frame): p50 ${typing.floor.p50.toFixed(1)} ms, p95 ${typing.floor.p95.toFixed(1)} ms`,
    ...(typing.servers
      ? [
          `    meanwhile, on this machine's processors beside the page: the app's server ${typing.servers.app.toFixed(1)} ms of CPU per key${typing.servers.backend === null ? "" : `, its backend ${typing.servers.backend.toFixed(1)} ms`} (storing the note and writing its text)`,
        ]
      : []),
    `    traced, per key: main-thread work from the key's task to the end of its frame p50 ${typing.work.p50.toFixed(1)} ms, p95 ${typing.work.p95.toFixed(1)} ms, of which the main thread ran p50 ${typing.cpu.p50.toFixed(1)} ms, p95 ${typing.cpu.p95.toFixed(1)} ms (the rest of the time it waited for a processor); idle, waiting for the display's next frame, p50 ${typing.wait.p50.toFixed(1)} ms, p95 ${typing.wait.p95.toFixed(1)} ms`,
    `  received by an open list page while ${typing.keystrokes} keys are typed in that note: ${(typing.received.list / 1024).toFixed(1)} KB, ${typing.received.listChanges} changes`,
    `  layout shift after first paint (CLS): /notes ${typing.listShift.toFixed(3)}, a note ${typing.noteShift.toFixed(3)}`,
    ...(switches
      ? [
          `  note switch (1,000 notes, both on the device; a click in the list until a shown, editable editor has the note, 10 each): to a short note p50 ${switches.toShort.p50.toFixed(0)} ms, p95 ${switches.toShort.p95.toFixed(0)} ms; back to the ${typing.characters.toLocaleString("en")}-character one p50 ${switches.toLong.p50.toFixed(0)} ms, p95 ${switches.toLong.p95.toFixed(0)} ms`,
        ]
      : []),
    ...(scroll
      ? [
          `  list scroll (${scroll.notes.toLocaleString("en")} notes, a wheel of ${scroll.frames} frames): ${scroll.dropped} frames dropped at 60 Hz, frame p50 ${scroll.p50.toFixed(1)} ms, p95 ${scroll.p95.toFixed(1)} ms, down to note ${scroll.rowsSeen.toLocaleString("en")}, ${scroll.prefetches} notes' pages fetched ahead meanwhile`,
        ]
      : []),
  ];
}

/** The notes screens with 1,000 notes, search with 10,000, and a shared note's public page. */
async function featurePages(
  appUrl: string,
  supabaseUrl: string,
  backendUrl: string,
  email: string,
  password: string,
  cookie: string,
) {
  const notes = await benchNotes({
    appUrl,
    backendUrl,
    publishableKey: PUBLISHABLE_KEY,
    secretKey: SECRET_KEY,
    email,
    password,
    cookie,
    measure: (url, withCookie) => profilePage(url, withCookie),
  });
  const share = await benchShare({
    appUrl,
    backendUrl,
    secretKey: SECRET_KEY,
    email,
    measure: (url) => profilePage(url),
  });
  const upload = await benchAttachmentUpload({
    backendUrl,
    publishableKey: PUBLISHABLE_KEY,
    email,
    password,
  });
  const typing = await editorLines(appUrl, backendUrl, email, cookie);
  const history = await benchHistory({
    backendUrl,
    publishableKey: PUBLISHABLE_KEY,
    secretKey: SECRET_KEY,
    email,
    password,
  });
  const collab = await benchCollab({ ...keysFor(appUrl, supabaseUrl), backendUrl });
  const offline = await benchOffline({ ...keysFor(appUrl, supabaseUrl), backendUrl });
  const rows = [
    { label: "/notes (1,000 notes)", page: notes.list },
    { label: "/notes/<id> (1,000 notes)", page: notes.note },
    { label: "/n/<slug> (signed out)", page: share.page },
    { label: "/n/<slug> (48 KB of *a)", page: share.stars },
    { label: "/n/<slug> (200,000 characters)", page: share.longest },
  ];
  const { search, searchKinds, keystroke } = notes;
  const lines = [
    ...typing,
    `  search (10,000 notes): p50 ${search.p50.toFixed(1)} ms, p95 ${search.p95.toFixed(1)} ms (search_notes RPC, 100 queries)`,
    ...organizeLines(searchKinds, notes.organize),
    `  upload 50 MiB (tus): ${upload.seconds.toFixed(2)} s, ${upload.mbPerSecond.toFixed(1)} MiB/s (6 MiB chunks, a person's token, into their note)`,
    keystrokeLines(keystroke),
    ...history,
    ...collab.lines,
    ...offline.lines,
  ];
  const kindsFailed = [
    ...Object.values(searchKinds),
    ...Object.values(notes.organize.timings),
  ].some((t) => t.failures > 0);
  return {
    rows,
    lines,
    failed:
      search.failures > 0 ||
      kindsFailed ||
      Boolean(keystroke?.failures) ||
      collab.failed ||
      offline.failed,
  };
}

/**
 * Where each notes view's time goes, with 1,000 notes (seeded first when `seed`): each request
 * the app makes of the backend, the app's own time, and how much of the HTML is the RSC payload.
 */
async function profileViews(
  appUrl: string,
  backendUrl: string,
  email: string,
  password: string,
  cookie: string,
  recorder: Recorder,
) {
  const admin = createClient(backendUrl, SECRET_KEY, { auth: { persistSession: false } });
  const { data: users } = await admin.auth.admin.listUsers({ perPage: 1000 });
  const owner = users.users.find((u) => u.email === email)!;
  const { count } = await admin
    .from("notes")
    .select("id", { count: "exact", head: true })
    .eq("owner_id", owner.id);
  if (!count) {
    await seedNotes({ url: backendUrl, secretKey: SECRET_KEY, email, password, count: 1000 });
  }
  const { data: first } = await admin
    .from("notes")
    .select("id, share_slug")
    .eq("owner_id", owner.id)
    .order("updated_at", { ascending: false })
    .limit(1)
    .single();
  const slug = first!.share_slug ?? (await admin.rpc("share_note", { note_id: first!.id })).data;
  const views = [
    { label: "/notes", url: `${appUrl}/notes`, cookie },
    { label: "/notes/<id>", url: `${appUrl}/notes/${first!.id}`, cookie },
    { label: "/n/<slug>", url: `${appUrl}/n/${slug}`, cookie: undefined },
  ];
  await warmUp(
    views.map((v) => v.url),
    cookie,
  );
  console.log("\nWhere each notes view's time goes (best of 20 views, one at a time, 1,000 notes)");
  const htmls: { label: string; html: string }[] = [];
  for (const view of views) {
    const profile = await profileView(view.url, view.cookie, recorder);
    printViewProfile(view.label, profile);
    htmls.push({ label: view.label, html: profile.html });
  }
  if (HTML_BREAKDOWN) {
    console.log("\nWhat each notes view's HTML spends its bytes on");
    for (const { label, html } of htmls)
      for (const line of breakdownLines(label, htmlBreakdown(html))) console.log(line);
  }
  return views;
}

async function main() {
  if (!ONLY_HISTORY && !existsSync(path.join(process.cwd(), ".next", "BUILD_ID"))) {
    throw new Error("No production build: run `npm run build` first.");
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "groundwork-bench-"));
  const backend = await spawnBackend({
    dataDir,
    reset: true,
    env: { SUPABASE_LOCAL_RATE_LIMITS: "off" },
  });
  const { server: proxy, counts, recorder, frames } = countingProxy(backend.url);
  // A fixed port (BENCH_PROXY_PORT) for a reference build that inlined its Supabase URL.
  const proxyPort = Number(process.env.BENCH_PROXY_PORT ?? 0);
  await new Promise<void>((resolve) => proxy.listen(proxyPort, "127.0.0.1", resolve));
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const keys = { supabaseUrl: proxyUrl, publishableKey: PUBLISHABLE_KEY, secretKey: SECRET_KEY };
  const apps: AppProcess[] = [];

  try {
    if (ONLY_HISTORY) {
      const { email, password } = await signInCookie(backend.url, proxyUrl);
      const keys = { publishableKey: PUBLISHABLE_KEY, secretKey: SECRET_KEY };
      for (const line of await benchHistory({ backendUrl: backend.url, ...keys, email, password }))
        console.log(line);
      return;
    }
    const app = await startApp({ dir: process.cwd(), port: APP_PORT, ...keys });
    measureCpuOf(app.url, { app: app.pid, backend: backend.child.pid });
    apps.push(app);
    const reference = REFERENCE_DIR
      ? await startApp({ dir: REFERENCE_DIR, port: APP_PORT + 1, ...keys }).then((started) => {
          measureCpuOf(started.url, { app: started.pid, backend: backend.child.pid });
          return started;
        })
      : null;
    if (reference) apps.push(reference);
    if (ONLY_COLLAB) {
      const collab = await benchCollab({ ...keysFor(app.url, proxyUrl), backendUrl: backend.url });
      for (const line of collab.lines) console.log(line);
      if (collab.failed) process.exitCode = 1;
      return;
    }
    if (ONLY_OFFLINE) {
      const offline = await benchOffline({
        ...keysFor(app.url, proxyUrl),
        backendUrl: backend.url,
      });
      for (const line of offline.lines) console.log(line);
      if (offline.failed) process.exitCode = 1;
      return;
    }
    const { email, password, cookie } = await signInCookie(backend.url, proxyUrl);
    if (ONLY_EDITOR) {
      for (const line of await editorLines(app.url, backend.url, email, cookie)) console.log(line);
      return;
    }
    if (ONLY_KEYSTROKE) {
      const person = createClient(backend.url, PUBLISHABLE_KEY, {
        auth: { persistSession: false, autoRefreshToken: false },
      });
      const signedIn = await person.auth.signInWithPassword({ email, password });
      if (signedIn.error) throw signedIn.error;
      const typed = await person.from("notes").insert({}).select("id").single();
      if (typed.error) throw typed.error;
      const keystroke = await benchKeystroke({
        appUrl: app.url,
        cookie,
        noteId: typed.data.id,
        frames,
      });
      console.log(`\n${keystrokeLines(keystroke)}`);
      if (keystroke.failures > 0) process.exitCode = 1;
      return;
    }

    // Compile caches, and the one JWKS fetch each app keeps for ten minutes.
    await warmUp([`${app.url}/`, `${app.url}/account`, `${app.url}/health`], cookie);
    if (reference) {
      await warmUp([`${reference.url}/`, `${reference.url}/protected`], cookie);
      const signedIn = await fetch(`${reference.url}/protected`, {
        headers: { cookie },
        redirect: "manual",
      });
      await signedIn.arrayBuffer();
      const problem = referenceSignedInProblem(
        { status: signedIn.status, location: signedIn.headers.get("location") },
        proxyPort,
      );
      if (problem) throw new Error(problem);
    }

    if (ONLY_PROFILE) {
      const views = await profileViews(app.url, backend.url, email, password, cookie, recorder);
      if (PROFILE_LOAD) {
        const floor = await profilePage(`${app.url}/health`, cookie);
        const rows = [{ label: "/health (floor)", page: floor }];
        for (const view of views) {
          rows.push({ label: view.label, page: await profilePage(view.url, view.cookie) });
        }
        console.log(
          `\nThe notes views under load (load average ${os
            .loadavg()
            .map((n) => n.toFixed(2))
            .join(" ")})`,
        );
        printPages(rows, floor);
      }
      return;
    }

    counts.auth = 0;
    const views = 50;
    const agent = new http.Agent({ keepAlive: true });
    for (let i = 0; i < views; i++) await timedGet(`${app.url}/account`, agent, cookie);
    agent.destroy();
    const perView = counts.auth / views;

    const floor = await profilePage(`${app.url}/health`, cookie);
    const rows: { label: string; page: PageProfile }[] = [
      { label: "/health (floor)", page: floor },
      { label: "/ (signed out)", page: await profilePage(`${app.url}/`) },
      { label: "/account (signed in)", page: await profilePage(`${app.url}/account`, cookie) },
      // A guarded page signed out: the middleware answers it alone.
      { label: "middleware only (307)", page: await profilePage(`${app.url}/account`, "", 307) },
    ];
    const extras = ONLY_COMPARE
      ? null
      : await featurePages(app.url, proxyUrl, backend.url, email, password, cookie);
    rows.push(...(extras?.rows ?? []));

    console.log("\nGroundwork app benchmark (production build, local backend, 127.0.0.1)\n");
    printPages(rows, floor);

    if (reference && REFERENCE_DIR) {
      const load = () =>
        os
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(" ");
      console.log(
        `\nSide by side with ${REFERENCE_DIR}: same backend, same run, measured in turns (load average ${load()})`,
      );
      printComparison(
        await comparePairs([
          { label: "/ signed out", ours: `${app.url}/`, theirs: `${reference.url}/` },
          {
            label: "signed-in page",
            ours: `${app.url}/account`,
            theirs: `${reference.url}/protected`,
            cookie,
          },
          {
            label: "answered by the proxy alone (307)",
            ours: `${app.url}/account`,
            theirs: `${reference.url}/protected`,
            status: 307,
          },
        ]),
      );
      printFirstLoad(
        [
          { label: "/ signed out", ours: "/", theirs: "/" },
          { label: "signed-in page", ours: "/account", theirs: "/protected" },
        ],
        REFERENCE_DIR,
      );
      console.log(`  load average after the side by side: ${load()}`);
    }

    if (extras) for (const line of extras.lines) console.log(line);
    if (extras) await profileViews(app.url, backend.url, email, password, cookie, recorder);
    const cost = await proxyCost(app.url, proxyUrl, cookie);
    const us = (n: number) => `${n.toFixed(0)} µs`;
    console.log(
      `\n  the proxy alone, per request in-process: built file ${us(cost.staticFile)}, signed-out page ${us(cost.signedOut)}, guard redirect ${us(cost.guardRedirect)}, signed-in page ${us(cost.signedIn)}`,
    );
    console.log(
      `  auth server requests per page view with a fresh token: ${perView} (${views} views of /account)\n`,
    );
    const failed = rows.some((r) => r.page.failures > 0) || extras?.failed;
    if (perView !== 0 || failed) process.exitCode = 1;
  } finally {
    for (const app of apps) await app.stop();
    proxy.close();
    await backend.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
