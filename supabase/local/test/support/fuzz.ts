import http from "node:http";

/** Small building blocks for seeded bad-input runs: the same seed always sends the same requests. */

/** mulberry32: tiny, fast, and good enough to spread requests over the input space. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)];
  return { next, int, pick };
}
export type Random = ReturnType<typeof seeded>;

/** Strings a careless or hostile client sends. */
export function nastyString(r: Random): string {
  return r.pick([
    () => "",
    () => " ",
    () => "\u0000",
    () => `a\u0000b`,
    () => "x".repeat(r.pick([256, 4096, 70_000])),
    () => "🙂".repeat(50),
    () => "\ud800",
    () => "'; drop table auth.users; --",
    () => "%00%ff%E0%A4%A",
    () => "../../../../etc/passwd",
    () => "<script>alert(1)</script>",
    () => "${jndi:ldap://x}",
    () => "not-an-email",
    () => "a@b.c",
    () => "00000000-0000-0000-0000-000000000000",
    () => "null",
    () => "-1",
    () => "1e309",
    () => "\r\nx-injected: 1",
  ])();
}

/** JSON values of every type, nested a little, or a lot. */
export function nastyValue(r: Random, depth = 0): unknown {
  const kind = r.int(depth > 2 ? 6 : 9);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return r.next() < 0.5;
    case 2:
      return r.pick([0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308]);
    case 3:
    case 4:
    case 5:
      return nastyString(r);
    case 6:
      return Array.from({ length: r.int(4) }, () => nastyValue(r, depth + 1));
    case 7: {
      let deep: unknown = "bottom";
      for (let i = 0; i < r.pick([3, 200, 5000]); i++) deep = { d: deep };
      return deep;
    }
    default:
      return Object.fromEntries(
        Array.from({ length: r.int(5) }, () => [
          nastyString(r).slice(0, 40),
          nastyValue(r, depth + 1),
        ]),
      );
  }
}

/** A body as raw bytes: broken JSON, JSON with odd fields, invalid UTF-8, or nothing. */
export function nastyBody(r: Random, fields: readonly string[]): Buffer | null {
  switch (r.int(7)) {
    case 0:
      return null;
    case 1:
      return Buffer.from(r.pick(['{"a":', "{", "[", "nul", '{"a":1}}', "\u0000", "{'a':1}", "1"]));
    case 2:
      return Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0xfe, 0x22, 0x7d]);
    case 3:
      return Buffer.from(JSON.stringify(nastyValue(r)));
    default: {
      const body: Record<string, unknown> = {};
      for (const field of fields) if (r.next() < 0.7) body[field] = nastyValue(r);
      return Buffer.from(JSON.stringify(body));
    }
  }
}

/** What a response must never show: a stack trace, a source path, a server-side file system path. */
export const LEAK =
  /\n\s+at [\w.<>]+ \(|node:internal|\.tsx?:\d+:\d+|\/(?:home|work|usr|tmp|var)\/[\w.-]+\/|webpack-internal|Traceback/;

/** What a raw request came back with; status 0 and `error` when no answer came at all. */
export interface Outcome {
  status: number;
  contentType: string;
  body: string;
  error?: string;
}

/**
 * Raw HTTP for bad-input runs, on keep-alive sockets (up to `concurrency`): any method, path and
 * header Node will put on the wire, and every failure an outcome rather than a throw.
 */
export function rawSender(concurrency: number, timeoutMs = 15_000) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  function send(
    base: string,
    method: string,
    target: string,
    headers: Record<string, string>,
    body: Buffer | null,
  ): Promise<Outcome> {
    return new Promise((resolve) => {
      const url = new URL(base);
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path: target,
          headers,
          agent,
          timeout: timeoutMs,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              contentType: String(res.headers["content-type"] ?? ""),
              body: Buffer.concat(chunks).toString("utf8"),
            }),
          );
          res.on("error", (e) =>
            resolve({ status: res.statusCode ?? 0, contentType: "", body: "", error: e.message }),
          );
        },
      );
      req.on("timeout", () => req.destroy(new Error("timed out")));
      req.on("error", (e) => resolve({ status: 0, contentType: "", body: "", error: e.message }));
      req.end(body ?? undefined);
    });
  }
  return { send, close: () => agent.destroy() };
}

/**
 * Runs `one(0)` to `one(requests - 1)`, `concurrency` at a time. Each call draws its request from
 * the seeded generator before it first waits, so a seed always sends the same requests.
 */
export async function inParallel(
  requests: number,
  concurrency: number,
  one: (i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) await one(next++);
    }),
  );
}

/**
 * A server may answer before reading a large body and close; the client, still writing, then sees a
 * reset. That is no crash as long as the server keeps answering.
 */
export const resetWhileUploading = (body: Buffer | null, outcome: Outcome): boolean =>
  (body?.length ?? 0) > 16_384 && /ECONNRESET|EPIPE/.test(outcome.error ?? "");
