/**
 * `npm run bench:app`: the app as visitors meet it. Starts the local backend and the production
 * build (`npm run build` first), puts a counting proxy between them, then prints
 * - time to first byte of `/` signed out and `/account` signed in (p50, p95; 10 concurrent clients)
 * - requests the app server made to the auth server per page view while the token is fresh.
 * - TTFB of /notes and /notes/<id> with 1,000 notes, search latency with 10,000, and the time
 *   from a keystroke on one device to its appearance on another (two Chromium pages).
 * - TTFB of a shared note's public page /n/<slug>, signed out, with 10 and 50 clients.
 * - throughput of a 50 MiB attachment sent over tus as the note editor sends it.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import { createServerClient } from "@supabase/ssr";
import { createClient } from "@supabase/supabase-js";

import { spawnBackend } from "./backend-process";
import { benchAttachmentUpload } from "./bench/attachments";
import { benchNotes } from "./bench/notes";
import { benchShare } from "./bench/share";

const PUBLISHABLE_KEY = "sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH";
const SECRET_KEY = "sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz";
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3199);
const CLIENTS = 10;
const REQUESTS_PER_URL = Number(process.env.BENCH_REQUESTS ?? 200);

/** Forwards everything to the backend and counts what the app asks of /auth/v1. */
function countingProxy(target: string) {
  const counts = { auth: 0 };
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith("/auth/v1")) counts.auth += 1;
    const upstream = http.request(
      new URL(req.url ?? "/", target),
      { method: req.method, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  // Realtime's WebSocket passes through as well, so browsers reach the backend as the app does.
  server.on("upgrade", (req, socket, head) => {
    const { hostname, port } = new URL(target);
    const upstream = net.connect(Number(port), hostname, () => {
      const headers = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        headers.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers.join("\r\n")}\r\n\r\n`);
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
  });
  return { server, counts };
}

/** Milliseconds until the response headers arrive (the body is drained, not timed). */
function ttfb(url: string, cookie?: string): Promise<{ ms: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { headers: cookie ? { cookie } : {}, agent: false }, (res) => {
      const ms = performance.now() - started;
      res.resume();
      res.on("end", () => resolve({ ms, status: res.statusCode ?? 0 }));
    });
    req.on("error", reject);
  });
}

async function measure(url: string, cookie?: string, clients = CLIENTS) {
  const times: number[] = [];
  let next = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < REQUESTS_PER_URL) {
        next += 1;
        const { ms, status } = await ttfb(url, cookie);
        if (status !== 200) failures += 1;
        times.push(ms);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p95: at(0.95), failures };
}

async function waitForApp(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function main() {
  if (!existsSync(path.join(process.cwd(), ".next", "BUILD_ID"))) {
    throw new Error("No production build: run `npm run build` first.");
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "groundwork-bench-"));
  const backend = await spawnBackend({
    dataDir,
    reset: true,
    env: { SUPABASE_LOCAL_RATE_LIMITS: "off" },
  });
  const { server: proxy, counts } = countingProxy(backend.url);
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

  const appUrl = `http://127.0.0.1:${APP_PORT}`;
  const app = spawn(
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", String(APP_PORT)],
    {
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        NEXT_PUBLIC_SUPABASE_URL: proxyUrl,
        NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
        SUPABASE_SECRET_KEY: SECRET_KEY,
        SITE_URL: appUrl,
      },
      stdio: "ignore",
    },
  );

  try {
    await waitForApp(appUrl);
    const email = `bench-${Date.now()}@example.com`;
    const password = "bench-password-123";
    const admin = createClient(backend.url, SECRET_KEY, {
      auth: { persistSession: false },
    });
    const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
    if (created.error) throw created.error;

    let jar: { name: string; value: string }[] = [];
    const supabase = createServerClient(proxyUrl, PUBLISHABLE_KEY, {
      cookies: {
        getAll: () => jar,
        setAll: (set) => void (jar = set.map(({ name, value }) => ({ name, value }))),
      },
    });
    const signedIn = await supabase.auth.signInWithPassword({ email, password });
    if (signedIn.error) throw signedIn.error;
    const cookie = jar.map((c) => `${c.name}=${c.value}`).join("; ");

    // Warm up: compile caches, and the one JWKS fetch the app keeps for ten minutes.
    for (let i = 0; i < 5; i++)
      await Promise.all([ttfb(`${appUrl}/`), ttfb(`${appUrl}/account`, cookie)]);

    const warmUp = counts.auth;
    counts.auth = 0;
    const views = 50;
    for (let i = 0; i < views; i++) await ttfb(`${appUrl}/account`, cookie);
    const perView = counts.auth / views;

    const home = await measure(`${appUrl}/`);
    const account = await measure(`${appUrl}/account`, cookie);
    const notes = await benchNotes({
      appUrl,
      backendUrl: backend.url,
      publishableKey: PUBLISHABLE_KEY,
      secretKey: SECRET_KEY,
      email,
      password,
      cookie,
      measure,
    });
    const share = await benchShare({
      appUrl,
      backendUrl: backend.url,
      secretKey: SECRET_KEY,
      email,
      measure,
    });

    const upload = await benchAttachmentUpload({
      backendUrl: backend.url,
      publishableKey: PUBLISHABLE_KEY,
      email,
      password,
    });

    const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(10);
    console.log(
      `\nGroundwork app benchmark (production build, local backend, ${CLIENTS} concurrent clients, ${REQUESTS_PER_URL} requests per page)\n`,
    );
    console.log(`  page                      p50        p95   non-200`);
    console.log(`  / (signed out)     ${ms(home.p50)} ${ms(home.p95)}   ${home.failures}`);
    console.log(
      `  /account (signed in)${ms(account.p50)} ${ms(account.p95)}   ${account.failures}`,
    );
    console.log(
      `  /notes (1,000)     ${ms(notes.list.p50)} ${ms(notes.list.p95)}   ${notes.list.failures}`,
    );
    console.log(
      `  /notes/<id> (1,000)${ms(notes.note.p50)} ${ms(notes.note.p95)}   ${notes.note.failures}`,
    );
    console.log(
      `  search (10,000)    ${ms(notes.search.p50)} ${ms(notes.search.p95)}   ${notes.search.failures}   (search_notes RPC, 100 queries)`,
    );
    console.log(
      `  /n/<slug> (10)     ${ms(share.ten.p50)} ${ms(share.ten.p95)}   ${share.ten.failures}   (signed out)`,
    );
    console.log(
      `  /n/<slug> (50)     ${ms(share.fifty.p50)} ${ms(share.fifty.p95)}   ${share.fifty.failures}   (signed out, 50 clients)`,
    );
    console.log(
      `  upload 50 MiB (tus) ${upload.seconds.toFixed(2).padStart(7)} s ${upload.mbPerSecond.toFixed(1).padStart(7)} MiB/s   (6 MiB chunks, a person's token, into their note)`,
    );
    console.log(
      notes.keystroke
        ? `  keystroke → device${ms(notes.keystroke.p50)} ${ms(notes.keystroke.p95)}   ${notes.keystroke.failures}   (${notes.keystroke.keystrokes} keys, two Chromium pages)`
        : "  keystroke to another device: needs Realtime in the local backend (not served)",
    );
    console.log(
      `\n  auth server requests per page view with a fresh token: ${perView} (${counts.auth} in ${views} views of /account; ${warmUp} during sign-in and warm-up, so the proxy counts)\n`,
    );
    if (perView !== 0 || home.failures || account.failures) process.exitCode = 1;
    if (notes.list.failures || notes.note.failures || notes.search.failures) process.exitCode = 1;
    if (notes.keystroke?.failures) process.exitCode = 1;
    if (share.ten.failures || share.fifty.failures) process.exitCode = 1;
  } finally {
    app.kill("SIGTERM");
    proxy.close();
    await backend.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
