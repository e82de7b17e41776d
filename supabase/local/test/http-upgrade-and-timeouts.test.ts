import net from "node:net";
import type { Duplex } from "node:stream";
import { acceptWebSocket, type Mount } from "@groundwork/local-backend";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "./support/local-backend";

/** A service made for this test: claims upgrades below its prefix and echoes with the path. */
const echo: Mount = {
  prefix: "/test-ws",
  handle: async () => new Response("upgrade required", { status: 426 }),
  async upgrade(req, socket, head, { path }) {
    const ws = await acceptWebSocket(req, socket, head);
    ws.on("message", (data) => ws.send(`${path}: ${String(data)}`));
  },
};

/**
 * A service that checks its caller before accepting an upgrade, as Realtime checks the API key: the
 * check waits until the test lets it finish (`slow.release()`), so a client can go away meanwhile.
 */
const slow = {
  asked: Promise.withResolvers<Duplex>(),
  gate: Promise.withResolvers<void>(),
  release() {
    this.gate.resolve();
  },
  mount: {
    prefix: "/test-slow",
    handle: async () => new Response("upgrade required", { status: 426 }),
    async upgrade(req, socket, head) {
      slow.asked.resolve(socket);
      await slow.gate.promise;
      await acceptWebSocket(req, socket, head);
    },
  } satisfies Mount,
};

function upgradeStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on("open", () => reject(new Error(`${url} was upgraded`)));
    ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
    ws.on("error", () => {});
  });
}

/** Opens a raw connection, writes `data`, and resolves with how long the server took to close it. */
function closedAfter(port: number, data: string): Promise<{ ms: number; reply: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let reply = "";
    const socket = net.connect(port, "127.0.0.1", () => socket.write(data));
    socket.on("data", (d: Buffer) => (reply += d.toString()));
    socket.on("error", () => {});
    socket.on("close", () => resolve({ ms: Date.now() - started, reply }));
  });
}

describe("WebSocket upgrades and slow clients", () => {
  let t: TestBackend;
  let port: number;
  beforeAll(async () => {
    t = await startTestBackend({
      extraMounts: [echo, slow.mount],
      timeouts: { headersMs: 500, idleMs: 800 },
    });
    port = Number(new URL(t.url).port);
  });
  afterAll(() => t?.stop());

  it("hands an upgrade on a service's path to that service", async () => {
    const ws = new WebSocket(`${t.url.replace("http", "ws")}/test-ws/room/1`);
    await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
    ws.send("hello");
    const reply = await new Promise<string>((resolve) =>
      ws.once("message", (data) => resolve(String(data))),
    );
    expect(reply).toBe("/room/1: hello");
    ws.close();
  });

  it("survives a client that resets its connection while a service is still checking its upgrade", async () => {
    const client = net.connect(port, "127.0.0.1", () =>
      client.write(
        "GET /test-slow/room HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n" +
          "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n" +
          "Sec-WebSocket-Version: 13\r\n\r\n",
      ),
    );
    client.on("error", () => {});
    const server = await slow.asked.promise;
    const gone = new Promise((resolve) => server.once("close", resolve));
    // A reset, not a close: the server's read fails with ECONNRESET, an error on the socket.
    client.resetAndDestroy();
    await gone;
    slow.release();
    // The backend is still up, and other upgrades still work.
    const ws = new WebSocket(`${t.url.replace("http", "ws")}/test-ws/after`);
    await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
    ws.close();
    expect((await fetch(`${t.url}/test-ws/after`)).status).toBe(426);
  });

  it("refuses an upgrade no service claims", async () => {
    const base = t.url.replace("http", "ws");
    expect(await upgradeStatus(`${base}/nowhere`)).toBe(404);
    expect(await upgradeStatus(`${base}/rest/v1/notes`)).toBe(404);
  });

  it("cuts off a client that never finishes its headers", async () => {
    const { ms, reply } = await closedAfter(port, "GET /auth/v1/health HTTP/1.1\r\nHost: x");
    expect(ms).toBeLessThan(5_000);
    expect(reply).toMatch(/^HTTP\/1\.1 408|^$/);
  });

  it("cuts off a client that stalls in the middle of a body", async () => {
    const host = new URL(t.url).host;
    const { ms } = await closedAfter(
      port,
      `POST /auth/v1/signup HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":`,
    );
    expect(ms).toBeLessThan(5_000);
    const res = await fetch(`${t.url}/auth/v1/health`);
    expect(res.status).toBe(200);
  });
});
