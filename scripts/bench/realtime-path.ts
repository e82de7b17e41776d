/**
 * Where a keystroke's broadcast spends its time in the local backend's Realtime: three people in
 * one note's private channel (as the editor joins it: presence on, self off), each sending an
 * update every 60 ms, measured from send to arrival at the other two (one process, one clock).
 * Beside it, a fourth socket's heartbeat round trips say how long the backend takes to look at a
 * frame at all. Run alone, then while the three also store each keystroke as the app's server
 * does (an insert into note_updates and a write of the note's text, as each person), then both
 * again through a TCP pipe like the one bench:app puts between the browsers and the backend.
 *
 * `npx tsx scripts/bench/realtime-path.ts` (RT_PATH_KEYS=<n> keys per person, 40 by default).
 */
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import { createClient, type RealtimeChannel, type SupabaseClient } from "@supabase/supabase-js";
import WebSocket from "ws";

import { spawnBackend } from "@groundwork/local-backend/process";
import type { Database } from "../../lib/supabase/database.types";
import { timing, type Timing } from "./collab-support";

const PUBLISHABLE_KEY = "sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH";
const SECRET_KEY = "sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz";
const KEYS = Number(process.env.RT_PATH_KEYS ?? 40);
const KEY_GAP_MS = 60;
const noSession = { auth: { persistSession: false, autoRefreshToken: false } };
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Client = SupabaseClient<Database>;

/** A pipe like bench:app's counting proxy: plain sockets both ways, `noDelay` as given. */
function pipe(target: string, noDelay: boolean) {
  const server = http.createServer((req, res) => {
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
  server.on("upgrade", (req, socket, head) => {
    const { hostname, port } = new URL(target);
    const upstream = net.connect({ port: Number(port), host: hostname, noDelay }, () => {
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
  return server;
}

function joined(ch: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) => {
    ch.subscribe((s, err) => {
      if (s === "SUBSCRIBED") resolve();
      else if (s !== "CLOSED") reject(err ?? new Error(s));
    });
  });
}

/** Heartbeats on a socket of its own, every 20 ms: how long until the backend answers each. */
async function heartbeats(url: string, signal: { stop: boolean }): Promise<number[]> {
  const ws = new WebSocket(
    `${url.replace("http", "ws")}/realtime/v1/websocket?apikey=${PUBLISHABLE_KEY}&vsn=2.0.0`,
  );
  await new Promise((r, j) => ws.once("open", r).once("error", j));
  const sent = new Map<string, number>();
  const rtt: number[] = [];
  ws.on("message", (data) => {
    const [, ref] = JSON.parse(String(data)) as [unknown, string];
    const at = sent.get(ref);
    if (at !== undefined) rtt.push(now() - at);
  });
  for (let i = 0; !signal.stop; i++) {
    sent.set(String(i), now());
    ws.send(JSON.stringify([null, String(i), "phoenix", "heartbeat", {}]));
    await sleep(20);
  }
  ws.close();
  return rtt;
}

async function run(
  label: string,
  url: string,
  people: { email: string; password: string; id: string }[],
  noteId: string,
  store: boolean,
  admin: Client,
) {
  const clients: Client[] = [];
  const channels: RealtimeChannel[] = [];
  const latencies: number[] = [];
  let received = 0;
  for (const [i, p] of people.entries()) {
    const client = createClient<Database>(url, PUBLISHABLE_KEY, {
      ...noSession,
      realtime: { params: { vsn: "2.0.0" } },
    });
    const { error } = await client.auth.signInWithPassword(p);
    if (error) throw error;
    await client.realtime.setAuth();
    const ch = client.channel(`note:${noteId}`, {
      config: { private: true, broadcast: { self: false }, presence: { key: `device-${i}` } },
    });
    ch.on("broadcast", { event: "update" }, ({ payload }) => {
      latencies.push(now() - (payload as { t: number }).t);
      received++;
    });
    await joined(ch);
    await ch.track({ user_id: p.id });
    clients.push(client);
    channels.push(ch);
  }
  await sleep(500);
  const signal = { stop: false };
  const beats = heartbeats(url, signal);
  const stored: number[] = [];
  await Promise.all(
    channels.map(async (ch, i) => {
      const stores: Promise<void>[] = [];
      let storing: Promise<void> = Promise.resolve();
      for (let k = 0; k < KEYS; k++) {
        const u = Buffer.from(crypto.getRandomValues(new Uint8Array(40))).toString("base64");
        void ch.send({ type: "broadcast", event: "update", payload: { u, t: now() } });
        if (store) {
          // One store at a time per person, as a device flushes its pending updates in turn.
          storing = storing.then(async () => {
            const started = now();
            const row = await clients[i]!.from("note_updates")
              .insert({ note_id: noteId, data: `\\x${Buffer.from(u, "base64").toString("hex")}` })
              .select("id")
              .single();
            if (row.error) throw new Error(`storing: ${row.error.message}`);
            // The text written from what is stored, as the app's server derives it.
            const state = await clients[i]!.rpc("note_state", { note_id: noteId }).single();
            if (state.error) throw new Error(`the state: ${state.error.message}`);
            const text = await admin.rpc("write_note_derived", {
              note_id: noteId,
              title: "Path",
              body: `typed ${k} ${u}`,
              from_version: state.data.ydoc_version,
              from_updates: state.data.update_ids.length,
              tags: [],
              links: [],
            });
            if (text.error) throw new Error(`the text: ${text.error.message}`);
            stored.push(now() - started);
          });
          stores.push(storing);
        }
        await sleep(KEY_GAP_MS);
      }
      await Promise.all(stores);
    }),
  );
  await sleep(1000);
  signal.stop = true;
  const rtt = await beats;
  for (const c of clients) await c.removeAllChannels();
  const ms = (t: Timing) => `p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms`;
  const expected = people.length * (people.length - 1) * KEYS;
  console.log(
    `  ${label}: send to arrival ${ms(timing(latencies))}, max ${timing(latencies).max.toFixed(0)} ms (${received} of ${expected}); heartbeat round trip ${ms(timing(rtt))}${store ? `; each store ${ms(timing(stored))}` : ""}`,
  );
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "groundwork-rt-path-"));
  const backend = await spawnBackend({
    dataDir,
    reset: true,
    env: { SUPABASE_LOCAL_RATE_LIMITS: "off" },
  });
  const servers: http.Server[] = [];
  try {
    const admin = createClient<Database>(backend.url, SECRET_KEY, noSession);
    const stamp = Date.now();
    const people = [];
    for (const i of [0, 1, 2]) {
      const email = `rt-path-${stamp}-${i}@example.com`;
      const password = "bench-password-123";
      const made = await admin.auth.admin.createUser({ email, password, email_confirm: true });
      if (made.error) throw made.error;
      people.push({ email, password, id: made.data.user.id });
    }
    const note = await admin
      .from("notes")
      .insert({ owner_id: people[0]!.id, title: "Path", body: "" })
      .select("id")
      .single();
    if (note.error) throw note.error;
    for (const p of people.slice(1)) {
      const m = await admin
        .from("note_members")
        .insert({ note_id: note.data.id, user_id: p.id, role: "editor" });
      if (m.error) throw m.error;
    }
    const through = async (noDelay: boolean) => {
      const server = pipe(backend.url, noDelay);
      servers.push(server);
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    };
    const piped = await through(false);
    const pipedNoDelay = await through(true);
    console.log(
      `\nOne note's private channel, 3 people, a key every ${KEY_GAP_MS} ms each (${KEYS} each), load ${os.loadavg()[0]!.toFixed(1)}`,
    );
    const id = note.data.id;
    await run("direct, broadcasts only", backend.url, people, id, false, admin);
    await run("direct, each key stored", backend.url, people, id, true, admin);
    await run("through a pipe, broadcasts only", piped, people, id, false, admin);
    await run("through a pipe, each key stored", piped, people, id, true, admin);
    await run("through a no-delay pipe, broadcasts only", pipedNoDelay, people, id, false, admin);
    await run("through a no-delay pipe, each key stored", pipedNoDelay, people, id, true, admin);
    console.log(
      `  load average after: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(", ")}`,
    );
  } finally {
    for (const s of servers) s.close();
    await backend.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
