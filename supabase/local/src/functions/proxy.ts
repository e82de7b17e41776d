import http from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
]);

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** The function's process closed or refused the connection: it died or is dying. */
export class WorkerGone extends Error {}
/** The client's request body broke off; the function is fine. */
export class ClientGone extends Error {}

/**
 * Sends the request to the function on `port` with its body streamed through, and gives back the
 * function's response with its body streamed back (backpressure both ways). The function sees the
 * path as `/<name>/<subpath>` on the backend's own host, as hosted functions do.
 */
export function forward(
  req: Request,
  port: number,
  pathAndQuery: string,
  signal: AbortSignal,
): Promise<Response> {
  const headers: Record<string, string> = {};
  req.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) headers[name] = value;
  });
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: "127.0.0.1", port, method: req.method, path: pathAndQuery, headers, agent, signal },
      (res) => {
        const out = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (HOP_BY_HOP.has(name) || value === undefined) continue;
          if (Array.isArray(value)) value.forEach((v) => out.append(name, v));
          else out.set(name, value);
        }
        const empty = req.method === "HEAD" || res.statusCode === 204 || res.statusCode === 304;
        if (empty) res.resume();
        const body = empty ? null : (Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>);
        resolve(new Response(body, { status: res.statusCode ?? 500, headers: out }));
      },
    );
    outgoing.on("error", (err) =>
      reject(
        signal.aborted
          ? signal.reason
          : err instanceof ClientGone
            ? err
            : new WorkerGone(err.message),
      ),
    );
    if (!req.body) return void outgoing.end();
    const body = Readable.fromWeb(req.body as unknown as NodeReadableStream<Uint8Array>);
    body.on("error", (err) => outgoing.destroy(new ClientGone(err.message)));
    body.pipe(outgoing);
  });
}
