import http from "node:http";
import net, { type Socket } from "node:net";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The connection the answer came on; a kept-alive one is reused by the next request. */
  socket: Socket;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** A Buffer is sent with Content-Length; a stream is sent chunked, as it is read. */
  body?: Buffer | Readable;
}

/** One request over node:http, so a test controls framing and sees which connection answered. */
export function send(base: string, agent: http.Agent, r: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...r.headers };
    if (Buffer.isBuffer(r.body)) headers["content-length"] = String(r.body.byteLength);
    const req = http.request(new URL(r.path, base), { method: r.method ?? "GET", headers, agent });
    req.on("error", reject);
    req.on("response", (res) => {
      const socket = res.socket;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString(),
          socket,
        }),
      );
    });
    if (!r.body) req.end();
    else if (Buffer.isBuffer(r.body)) req.end(r.body);
    // The server may answer before the whole body is sent; the rest still goes out.
    else pipeline(r.body, req).catch(() => {});
  });
}

/** `total` bytes of `fill`, produced as they are read, `chunk` bytes at a time. */
export function generated(total: number, chunk = 64 * 1024, fill = 0x61): Readable {
  let sent = 0;
  const block = Buffer.alloc(chunk, fill);
  return new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const size = Math.min(chunk, total - sent);
      sent += size;
      this.push(size === chunk ? block : block.subarray(0, size));
    },
  });
}

/**
 * What this process's JavaScript holds once its garbage is collected: the heap and every buffer.
 * Not the resident set: the backend in the same process keeps its database in WebAssembly memory,
 * which grows in large steps whenever a query (its own start-up analyze, a scheduled job) needs
 * more, and the allocator keeps freed pages; neither is something the HTTP layer holds.
 */
export function heldMemory(): number {
  const collectGarbage = (globalThis as { gc?: () => void }).gc;
  if (!collectGarbage) throw new Error("Memory tests need node --expose-gc (see vitest.config.ts)");
  collectGarbage();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/**
 * The most memory held at once while `work` runs (heldMemory, every 20 ms): chunks already sent
 * and dropped do not count, only what something still holds.
 */
export async function peakHeld(work: () => Promise<void>): Promise<number> {
  let peak = heldMemory();
  const timer = setInterval(() => {
    peak = Math.max(peak, heldMemory());
  }, 20);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, heldMemory());
}

export interface Exchange {
  statuses: number[];
  /** Everything the server wrote on the one connection. */
  raw: string;
  closed: boolean;
}

/**
 * Sends `head` and a chunked body of `total` bytes on one connection, then `follow` on the same
 * connection, and reads until the server answered both (or `waitMs` passed).
 */
export async function chunkedThenNext(
  base: string,
  head: string,
  total: number,
  follow: string,
  waitMs = 10_000,
): Promise<Exchange> {
  const { hostname, port } = new URL(base);
  const socket = net.connect(Number(port), hostname);
  let raw = "";
  let closed = false;
  socket.on("data", (d: Buffer) => (raw += d.toString("latin1")));
  socket.on("close", () => (closed = true));
  socket.on("error", () => {});
  const write = async (data: string | Buffer) => {
    if (!socket.write(data)) await new Promise((r) => socket.once("drain", r));
  };
  await write(`${head}Transfer-Encoding: chunked\r\n\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  for (let sent = 0; sent < total && !closed; sent += chunk.length) {
    await write(`${chunk.length.toString(16)}\r\n`);
    await write(chunk);
    await write("\r\n");
  }
  await write("0\r\n\r\n");
  await write(follow);
  const statuses = () => [...raw.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
  const deadline = Date.now() + waitMs;
  while (statuses().length < 2 && !closed && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  socket.destroy();
  return { statuses: statuses(), raw, closed };
}
