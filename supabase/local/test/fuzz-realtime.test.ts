import { createClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collector, REALTIME_FIXTURE, sleep, subscribed } from "./support/realtime-support";
import { nastyString, nastyValue, seeded, type Random } from "./support/fuzz";
import { LOCAL_PUBLISHABLE_KEY, startTestBackend, type TestBackend } from "./support/local-backend";

// Seeded, so a failure is replayed with FUZZ_SEED=<seed>; loopback only.
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const SOCKETS = Number(process.env.FUZZ_SOCKETS ?? 24);
const FRAMES = 40;

type Vsn = "1.0.0" | "2.0.0";

let t: TestBackend;
const logs: string[] = [];
beforeAll(async () => {
  t = await startTestBackend({ supabaseDir: REALTIME_FIXTURE, log: (m) => logs.push(m) });
});
afterAll(() => t?.stop());

/** A bare socket speaking `vsn`, to send what supabase-js never would. */
async function raw(vsn: Vsn) {
  const url = `${t.url.replace("http", "ws")}/realtime/v1/websocket?apikey=${LOCAL_PUBLISHABLE_KEY}&vsn=${vsn}`;
  const ws = new WebSocket(url);
  const frames = collector<{
    joinRef: unknown;
    ref: unknown;
    topic: unknown;
    event: unknown;
    payload: unknown;
  }>();
  const texts: string[] = [];
  let closedWith: { code: number; reason: string } | null = null;
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on("close", (code, reason) => resolve((closedWith = { code, reason: reason.toString() }))),
  );
  ws.on("message", (d, binary) => {
    if (binary) return;
    const text = d.toString();
    texts.push(text);
    const m = JSON.parse(text) as unknown;
    if (vsn === "2.0.0") {
      const [joinRef, ref, topic, event, payload] = m as unknown[];
      frames.push({ joinRef, ref, topic, event, payload });
    } else {
      const o = m as Record<string, unknown>;
      frames.push({
        joinRef: o.join_ref,
        ref: o.ref,
        topic: o.topic,
        event: o.event,
        payload: o.payload,
      });
    }
  });
  ws.on("error", () => {});
  await new Promise((r) => ws.once("open", r));
  const frame = (
    joinRef: unknown,
    ref: unknown,
    topic: unknown,
    event: unknown,
    payload: unknown,
  ) =>
    vsn === "2.0.0"
      ? JSON.stringify([joinRef, ref, topic, event, payload])
      : JSON.stringify({ join_ref: joinRef, ref, topic, event, payload });
  return {
    ws,
    frames,
    texts,
    closed,
    isClosed: () => closedWith !== null,
    frame,
    send: (data: string | Buffer) => {
      if (ws.readyState === ws.OPEN) ws.send(data);
    },
  };
}

/** The realtime-js binary push (kind 3): header lengths, then topic, event, metadata and bytes. */
function binaryPush(parts: {
  joinRef?: string;
  ref?: string;
  topic: string;
  event: string;
  meta?: string;
  encoding: number;
  data: Buffer;
}): Buffer {
  const enc = (s = "") => Buffer.from(s, "utf8");
  const [j, r, tp, ev, mt] = [parts.joinRef, parts.ref, parts.topic, parts.event, parts.meta].map(
    enc,
  );
  const head = Buffer.from([
    3,
    j.length,
    r.length,
    tp.length,
    ev.length,
    mt.length,
    parts.encoding,
  ]);
  return Buffer.concat([head, j, r, tp, ev, mt, parts.data]);
}

const TOPICS = [
  "realtime:fz-a",
  "realtime:fz-b",
  "realtime:note:1",
  "phoenix",
  "realtime:",
  "lobby",
];
const EVENTS = [
  "phx_join",
  "phx_join",
  "phx_leave",
  "broadcast",
  "presence",
  "access_token",
  "heartbeat",
  "phx_reply",
  "phx_close",
  "postgres_changes",
  "nope",
];

function joinPayload(r: Random): unknown {
  return r.pick([
    () => ({ config: nastyValue(r) }),
    () => ({
      config: {
        private: r.pick([true, false, "yes", null]),
        broadcast: r.pick([{ self: true, ack: true }, nastyValue(r)]),
        presence: r.pick([{ key: nastyValue(r), enabled: true }, nastyValue(r)]),
        postgres_changes: r.pick([
          nastyValue(r),
          [
            {
              event: r.pick(["*", "INSERT", "nope", nastyValue(r)]),
              schema: r.pick(["public", nastyValue(r)]),
              table: r.pick(["notes", "events", "cards", nastyString(r)]),
              filter: r.pick([
                undefined,
                "rating=eq.1",
                "id=in.(1,2)",
                nastyString(r),
                nastyValue(r),
              ]),
              select: r.pick([undefined, ["title"], nastyValue(r)]),
            },
          ],
        ]),
      },
      access_token: r.pick([undefined, nastyValue(r), "a.b.c", "sb_publishable_x"]),
    }),
  ])();
}

function textFrame(r: Random, s: Awaited<ReturnType<typeof raw>>): string {
  switch (r.int(10)) {
    case 0:
      return r.pick([
        "{not json",
        "",
        "[]",
        "null",
        "5",
        '"str"',
        "[1,2]",
        '{"topic":1}',
        "\u0000",
      ]);
    case 1:
      // A frame of the other serializer, or the right one with fields of the wrong type.
      return r.next() < 0.5
        ? JSON.stringify({ topic: "realtime:fz-a", event: "phx_join", payload: {}, ref: "1" })
        : JSON.stringify(["1", "1", "realtime:fz-a", "phx_join", {}]);
    case 2:
      return s.frame(nastyValue(r), nastyValue(r), nastyValue(r), nastyValue(r), nastyValue(r));
    default: {
      const topic = r.next() < 0.8 ? r.pick(TOPICS) : `realtime:${nastyString(r)}`;
      const event = r.next() < 0.9 ? r.pick(EVENTS) : nastyString(r);
      const payload =
        event === "phx_join"
          ? joinPayload(r)
          : event === "broadcast"
            ? { type: "broadcast", event: nastyValue(r), payload: nastyValue(r) }
            : event === "presence"
              ? {
                  type: "presence",
                  event: r.pick(["track", "untrack", nastyValue(r)]),
                  payload: nastyValue(r),
                }
              : event === "access_token"
                ? { access_token: r.pick([nastyValue(r), "a.b.c", "x".repeat(5000)]) }
                : nastyValue(r);
      const ref = r.pick([String(r.int(1000)), null, nastyValue(r)]);
      return s.frame(r.pick([ref, "1", null]), ref, topic, event, payload);
    }
  }
}

function binaryFrame(r: Random): Buffer {
  switch (r.int(4)) {
    case 0:
      return Buffer.from(Array.from({ length: r.int(40) }, () => r.int(256)));
    case 1: {
      // Header lengths that point past the end.
      const b = binaryPush({
        topic: "realtime:fz-a",
        event: "e",
        encoding: 1,
        data: Buffer.from("{}"),
      });
      b[r.int(5) + 1] = 200 + r.int(55);
      return b;
    }
    case 2:
      return binaryPush({
        joinRef: "1",
        ref: String(r.int(100)),
        topic: r.pick(TOPICS),
        event: nastyString(r).slice(0, 200),
        meta: r.pick(["", "{", "null", '{"id":1}', nastyString(r).slice(0, 200)]),
        encoding: r.pick([0, 1, 2, 255]),
        data: Buffer.from(r.pick(["{}", "{bad", nastyString(r), "\u0000"])),
      });
    default:
      // A server-only kind (user broadcast, 4) or an unknown one.
      return Buffer.from([r.pick([0, 1, 2, 4, 5, 255]), 1, 1, 1, 1, 0, 1, 65, 66, 67, 68]);
  }
}

/** Proof that the backend still serves others: health, and a broadcast round trip over supabase-js. */
async function stillServing() {
  const health = await fetch(`${t.url}/auth/v1/health`);
  expect(health.status).toBe(200);
  const name = `alive-${Math.random()}`;
  const got = collector();
  const make = () =>
    createClient(t.url, LOCAL_PUBLISHABLE_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  const [ca, cb] = [make(), make()];
  const a = ca.channel(name).on("broadcast", { event: "ping" }, (m) => got.push(m));
  const b = cb.channel(name);
  expect((await subscribed(a)).status).toBe("SUBSCRIBED");
  expect((await subscribed(b)).status).toBe("SUBSCRIBED");
  await b.send({ type: "broadcast", event: "ping", payload: {} });
  await got.until(1);
  await ca.removeAllChannels();
  await cb.removeAllChannels();
}

/** Every frame the server sent is one of its own kinds, well formed; replies say ok or error. */
function expectWellFormed(frames: { topic: unknown; event: unknown; payload: unknown }[]) {
  for (const f of frames) {
    expect(typeof f.topic).toBe("string");
    expect([
      "phx_reply",
      "phx_close",
      "system",
      "presence_state",
      "presence_diff",
      "broadcast",
      "postgres_changes",
    ]).toContain(f.event);
    expect(f.payload).toBeTypeOf("object");
    if (f.event === "phx_reply") {
      const p = f.payload as { status: string; response: Record<string, unknown> };
      expect(["ok", "error"]).toContain(p.status);
      expect(p.response).toBeTypeOf("object");
      if (p.status === "error" && "reason" in p.response)
        expect(p.response.reason).toBeTypeOf("string");
      // Bad input gets a reason of its own, never the catch-all for a server fault.
      expect(p.response.reason).not.toBe("Unknown Error on Channel");
    }
  }
}

describe("Realtime frames: malformed input in both serializers", () => {
  it("each frame Phoenix cannot decode closes that socket with the reason (vsn 1.0.0 and 2.0.0)", async () => {
    const cases: [Vsn, string | Buffer][] = [
      ["1.0.0", "{not json"],
      ["1.0.0", '["1","1","realtime:x","phx_join",{}]'],
      ["1.0.0", '{"topic":1,"event":"phx_join","payload":{}}'],
      ["1.0.0", '{"topic":"realtime:x","event":"phx_join","payload":[]}'],
      ["1.0.0", Buffer.from([3, 0, 0, 1, 1, 0, 1, 120, 101, 123, 125])],
      ["2.0.0", "{not json"],
      ["2.0.0", '{"topic":"realtime:x","event":"phx_join","payload":{},"ref":"1"}'],
      ["2.0.0", '["1","1","realtime:x"]'],
      ["2.0.0", '["1","1",5,"phx_join",{}]'],
      ["2.0.0", '["1","1","realtime:x","phx_join","payload"]'],
      ["2.0.0", Buffer.from([4, 1, 1, 0, 1, 120, 101, 123, 125])],
      ["2.0.0", Buffer.from([3, 9, 9, 9, 9, 9, 1])],
      [
        "2.0.0",
        binaryPush({
          topic: "realtime:x",
          event: "e",
          meta: "{",
          encoding: 1,
          data: Buffer.from("{}"),
        }),
      ],
      [
        "2.0.0",
        binaryPush({ topic: "realtime:x", event: "e", encoding: 1, data: Buffer.from("{bad") }),
      ],
    ];
    for (const [vsn, data] of cases) {
      const s = await raw(vsn);
      s.send(data);
      const { code, reason } = await s.closed;
      expect(code, String(data)).toBe(1007);
      expect(reason).toMatch(/^Invalid message: /);
    }
    await stillServing();
  });

  it.each(["1.0.0", "2.0.0"] as const)(
    "a payload over the limit closes the socket with 1009; the backend stays up (vsn %s)",
    async (vsn) => {
      const s = await raw(vsn);
      s.send(s.frame(null, "1", "realtime:big", "broadcast", { x: "y".repeat(3_200_000) }));
      expect((await s.closed).code).toBe(1009);
      await stillServing();
    },
  );

  it.each(["1.0.0", "2.0.0"] as const)(
    "unknown events and wrong topics get Realtime's answers, and the socket keeps serving (vsn %s)",
    async (vsn) => {
      const s = await raw(vsn);
      s.send(s.frame("1", "1", "realtime:fz-known", "phx_join", { config: {} }));
      await s.frames.until(1);
      s.send(s.frame("1", "2", "realtime:fz-known", "no_such_event", { a: 1 }));
      s.send(s.frame("1", "3", "realtime:fz-known", "phx_reply", { status: "ok" }));
      s.send(s.frame(null, "4", "realtime:never-joined", "broadcast", { type: "broadcast" }));
      s.send(s.frame(null, "5", "lobby", "phx_join", {}));
      s.send(s.frame(null, "6", "phoenix", "heartbeat", {}));
      const got = await s.frames.until(4);
      // Unknown events on a joined topic are ignored (hosted logs them): no reply for refs 2 and 3.
      expect(got.map((f) => [f.ref, (f.payload as { status?: string }).status])).toEqual([
        ["1", "ok"],
        ["4", "error"],
        ["5", "error"],
        ["6", "ok"],
      ]);
      expect(got[1].payload).toEqual({ status: "error", response: { reason: "unmatched topic" } });
      expect(got[2].payload).toEqual({ status: "error", response: { reason: "unmatched topic" } });
      expect(s.isClosed()).toBe(false);
      s.ws.close();
    },
  );

  it("a join whose topic or Postgres changes params the database cannot take gets an error, not a fault", async () => {
    const s = await raw("2.0.0");
    s.send(s.frame("1", "1", "realtime:fz\u0000nul", "phx_join", { config: { private: true } }));
    s.send(
      s.frame("2", "2", "realtime:fz-pg", "phx_join", {
        config: { postgres_changes: [{ event: "*", schema: "public", table: "no\u0000tes" }] },
      }),
    );
    const got = await s.frames.until(3);
    expect(got[0].payload).toEqual({
      status: "error",
      response: {
        reason:
          "Unauthorized: You do not have permissions to read from this Channel topic: fz\u0000nul",
      },
    });
    expect(got[1].payload).toMatchObject({ status: "ok" });
    expect(got[2].event).toBe("system");
    expect(got[2].payload).toMatchObject({ extension: "postgres_changes", status: "error" });
    expect(String((got[2].payload as { message: string }).message)).toMatch(
      /^Unable to subscribe to changes with given parameters/,
    );
    s.ws.close();
  });

  it(`${SOCKETS} sockets of seeded garbage (seed ${SEED}): answers or a clean close, never a crash`, async () => {
    const r = seeded(SEED);
    for (let i = 0; i < SOCKETS; i++) {
      const vsn: Vsn = i % 2 === 0 ? "2.0.0" : "1.0.0";
      const s = await raw(vsn);
      for (let k = 0; k < FRAMES && !s.isClosed(); k++) {
        s.send(r.next() < 0.2 ? binaryFrame(r) : textFrame(r, s));
        if (k % 8 === 0) await sleep(5);
      }
      s.send(s.frame(null, "final-heartbeat", "phoenix", "heartbeat", {}));
      const outcome = await Promise.race([
        s.closed.then((c) => `closed ${c.code}`),
        (async () => {
          for (let n = 0; n < 200; n++) {
            if (s.frames.items.some((f) => f.ref === "final-heartbeat")) return "answered";
            await sleep(25);
          }
          return "silent";
        })(),
      ]);
      expect(outcome, `socket ${i} (vsn ${vsn})`).toMatch(/^(answered|closed (1000|1007|1009))$/);
      expectWellFormed(s.frames.items);
      s.ws.terminate();
      if (i % 6 === 5) await stillServing();
    }
    await stillServing();
    // Nothing thrown inside Realtime: no stack traces in the backend's log.
    expect(logs.filter((l) => l.startsWith("realtime") && /\n\s+at /.test(l))).toEqual([]);
  }, 120_000);
});
