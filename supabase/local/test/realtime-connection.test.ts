import WebSocket from "ws";
import { describe, expect, it } from "vitest";
import { userToken } from "./support/rest-support";
import { LOCAL_PUBLISHABLE_KEY } from "./support/local-backend";
import {
  ALICE,
  BOB,
  collector,
  sleep,
  subscribed,
  realtimeBackendForFile,
} from "./support/realtime-support";

const realtime = realtimeBackendForFile();
const make = realtime.make;

/** A bare vsn 2.0.0 socket, to send what supabase-js never would. */
async function raw() {
  const url = `${realtime.backend().url.replace("http", "ws")}/realtime/v1/websocket?apikey=${LOCAL_PUBLISHABLE_KEY}&vsn=2.0.0`;
  const ws = new WebSocket(url);
  const frames = collector<unknown[]>();
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  ws.on("message", (d, binary) => {
    if (!binary) frames.push(JSON.parse(d.toString()));
  });
  await new Promise((r) => ws.once("open", r));
  return { ws, frames, closed, send: (f: unknown[]) => ws.send(JSON.stringify(f)) };
}

/** Proof that the backend still serves other clients: a broadcast round trip on a new room. */
async function othersStillWork() {
  const name = `alive-${Math.random()}`;
  const got = collector();
  const a = (await make()).channel(name).on("broadcast", { event: "ping" }, (m) => got.push(m));
  const b = (await make()).channel(name);
  expect((await subscribed(a)).status).toBe("SUBSCRIBED");
  expect((await subscribed(b)).status).toBe("SUBSCRIBED");
  await b.send({ type: "broadcast", event: "ping", payload: {} });
  await got.until(1);
}

describe("presence", () => {
  it("track shows each client to the other; a closed socket leaves", async () => {
    const alice = await make({ sub: ALICE });
    const bob = await make({ sub: BOB, vsn: "1.0.0" });
    const leaves = collector<{ key: string }>();
    const a = alice.channel("doc-1", { config: { presence: { key: "alice" } } });
    a.on("presence", { event: "leave" }, (p) => leaves.push(p as never));
    const b = bob.channel("doc-1", { config: { presence: { key: "bob" } } });
    b.on("presence", { event: "sync" }, () => {});
    await subscribed(a);
    await subscribed(b);
    expect(await a.track({ editing: true })).toBe("ok");
    expect(await b.track({ editing: false })).toBe("ok");
    for (let i = 0; i < 50 && Object.keys(a.presenceState()).length < 2; i++) await sleep(50);
    expect(a.presenceState()).toMatchObject({
      alice: [{ editing: true }],
      bob: [{ editing: false }],
    });
    expect(Object.keys(b.presenceState()).sort()).toEqual(["alice", "bob"]);
    bob.realtime.disconnect();
    const [leave] = await leaves.until(1);
    expect(leave.key).toBe("bob");
    expect(Object.keys(a.presenceState())).toEqual(["alice"]);
  });
});

describe("tokens", () => {
  it("a bad token is refused at join with the real errors", async () => {
    const c = await make();
    await c.realtime.setAuth("not.a.jwt");
    const r = await subscribed(c.channel("t1"));
    expect(r.status).toBe("CHANNEL_ERROR");
    expect(r.err?.message).toBe("MalformedJWT: The token provided is not a valid JWT");
    const past = Math.floor(Date.now() / 1000) - 30;
    const c2 = await make();
    await c2.realtime.setAuth(await userToken(realtime.backend(), ALICE, { exp: past }));
    const r2 = await subscribed(c2.channel("t2"));
    expect(r2.err?.message).toMatch(/^InvalidJWTToken: Token has expired 3\d seconds ago$/);
  });

  it("expiry closes a live channel with the system message; a refreshed token keeps it", async () => {
    const soon = Math.floor(Date.now() / 1000) + 2;
    const expiring = await make();
    await expiring.realtime.setAuth(await userToken(realtime.backend(), ALICE, { exp: soon }));
    const refreshed = await make();
    await refreshed.realtime.setAuth(await userToken(realtime.backend(), ALICE, { exp: soon }));
    const system = collector<Record<string, unknown>>();
    const statuses: string[] = [];
    const ch = expiring.channel("exp").on("system", {}, (p) => system.push(p));
    ch.subscribe((s) => statuses.push(s));
    const kept = refreshed.channel("kept");
    expect((await subscribed(kept)).status).toBe("SUBSCRIBED");
    await refreshed.realtime.setAuth(await userToken(realtime.backend(), ALICE));
    const [msg] = await system.until(1, 6000);
    expect(msg).toMatchObject({
      extension: "system",
      status: "error",
      message: "Token has expired 0 seconds ago",
      channel: "exp",
    });
    for (let i = 0; i < 20 && !statuses.includes("CLOSED"); i++) await sleep(50);
    expect(statuses).toContain("CLOSED");
    await sleep(500);
    expect(kept.state).toBe("joined");
  });
});

describe("bad clients get an error and leave the others working", () => {
  it("the socket is refused without a valid API key", async () => {
    const refused = (query: string) =>
      new Promise<{ status: number; body: string }>((resolve) => {
        const ws = new WebSocket(
          `${realtime.backend().url.replace("http", "ws")}/realtime/v1/websocket?${query}`,
        );
        ws.on("unexpected-response", (_req, res) => {
          let body = "";
          res.on("data", (d) => (body += d));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        });
        ws.on("error", () => {});
      });
    expect(await refused("vsn=2.0.0")).toEqual({
      status: 401,
      body: JSON.stringify({ error: "API key is missing" }),
    });
    expect((await refused("vsn=2.0.0&apikey=sb_publishable_wrong")).status).toBe(401);
  });

  it("heartbeat is answered; an unknown topic gets 'unmatched topic'", async () => {
    const s = await raw();
    s.send([null, "1", "phoenix", "heartbeat", {}]);
    s.send(["2", "2", "lobby", "phx_join", {}]);
    s.send([null, "3", "realtime:never-joined", "broadcast", { type: "broadcast" }]);
    const f = await s.frames.until(3);
    expect(f).toEqual([
      [null, "1", "phoenix", "phx_reply", { status: "ok", response: {} }],
      [
        "2",
        "2",
        "lobby",
        "phx_reply",
        { status: "error", response: { reason: "unmatched topic" } },
      ],
      [
        null,
        "3",
        "realtime:never-joined",
        "phx_reply",
        { status: "error", response: { reason: "unmatched topic" } },
      ],
    ]);
    // Left open on purpose: stopping the backend must not wait for its clients to hang up.
  });

  it("a malformed frame closes that socket", async () => {
    const s = await raw();
    s.ws.send("{not json");
    expect((await s.closed).code).toBe(1007);
    await othersStillWork();
  });

  it("a message over the size limit closes that socket", async () => {
    const s = await raw();
    s.ws.send(
      JSON.stringify([null, "1", "realtime:big", "broadcast", { x: "y".repeat(4_000_000) }]),
    );
    expect((await s.closed).code).toBe(1009);
    await othersStillWork();
  });

  it("a flood gets 'Too many messages per second' and its channel closed", async () => {
    const s = await raw();
    s.send(["1", "1", "realtime:flood", "phx_join", { config: {} }]);
    await s.frames.until(1);
    for (let i = 0; i < 150; i++)
      s.send([
        "1",
        String(i + 2),
        "realtime:flood",
        "broadcast",
        { type: "broadcast", event: "x", payload: {} },
      ]);
    await sleep(500);
    const system = s.frames.items.find((f) => f[3] === "system");
    expect(system?.[4]).toEqual({
      extension: "system",
      status: "error",
      message: "Too many messages per second",
      channel: "flood",
    });
    expect(s.frames.items.some((f) => f[3] === "phx_close")).toBe(true);
    await othersStillWork();
    s.ws.close();
  });
});
