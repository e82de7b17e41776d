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

const collectGarbage = (globalThis as { gc?: () => void }).gc ?? (() => {});

/**
 * The highest resident set size seen while `work` runs, sampled every few milliseconds. Garbage is
 * collected as it goes (the backend project runs with --expose-gc), so chunks already sent and
 * dropped do not count: only what something still holds does.
 */
export async function peakRss(work: () => Promise<void>): Promise<number> {
  let peak = process.memoryUsage.rss();
  let ticks = 0;
  const timer = setInterval(() => {
    if (++ticks % 4 === 0) collectGarbage();
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, process.memoryUsage.rss());
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

/** The resident set size once it stops moving (a backend that just started still settles). */
export async function settledRss(timeoutMs = 15_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let last = process.memoryUsage.rss();
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const now = process.memoryUsage.rss();
    if (Math.abs(now - last) < 4 * 1024 * 1024 || Date.now() > deadline) return now;
    last = now;
  }
}
