import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { getRequestListener, type HttpBindings } from "@hono/node-server";
import type { Backend, Mount } from "../http";
import { crossOriginRefusal } from "./cross-origin";
import { findMount } from "./app";

export interface Timeouts {
  /** How long a client may take to send a request's headers. */
  headersMs: number;
  /** How long a connection may stay silent in the middle of a request before it is closed. */
  idleMs: number;
}

/** A connection silent for 150 s is closed, as the hosted gateway closes an idle function call. */
export const DEFAULT_TIMEOUTS: Timeouts = { headersMs: 20_000, idleMs: 150_000 };

function refuseUpgrade(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * Listens with Node's HTTP server: requests go to `fetch` with bodies streamed both ways (Hono's
 * Node adapter applies backpressure), WebSocket upgrades go to the mount that claims the path.
 * A client that stalls is cut off after the timeouts instead of holding a socket forever.
 */
export async function listen(
  fetch: (req: Request, env: HttpBindings) => Response | Promise<Response>,
  mounts: Mount[],
  backend: Backend,
  options: { host: string; port: number; timeouts: Timeouts; primary?: boolean },
): Promise<{ url: string; close(): Promise<void> }> {
  const { headersMs, idleMs } = options.timeouts;
  const server = http.createServer(
    {
      headersTimeout: headersMs,
      // A large upload may take long; only silence ends it (idleMs below).
      requestTimeout: 0,
      connectionsCheckingInterval: Math.min(1000, headersMs),
    },
    // Unread request bodies are dropped by the body limit once each answer is sent.
    getRequestListener(fetch as never, {
      overrideGlobalObjects: false,
      autoCleanupIncoming: false,
    }),
  );
  server.setTimeout(idleMs);
  // Longer than clients keep idle sockets, so a reused socket is never closed under a new request.
  server.keepAliveTimeout = 65_000;

  // server.close() waits for upgraded sockets too, which only their clients would ever end.
  const upgraded = new Set<Duplex>();
  server.on("upgrade", (req, socket, head) => {
    // Node leaves an upgraded socket without an error listener, so a client that resets it while
    // its service is still checking the request (Realtime's API key) would take the whole backend
    // down. It ends that socket only; the WebSocket library adds its own once it accepts.
    socket.on("error", () => socket.destroy());
    upgraded.add(socket);
    socket.once("close", () => upgraded.delete(socket));
    const url = new URL(req.url ?? "/", backend.url);
    const mount = findMount(mounts, url.pathname);
    if (!mount?.upgrade) return refuseUpgrade(socket, "404 Not Found");
    if (mount.crossOrigin === "refuse") {
      const headers = new Headers(req.headers as Record<string, string>);
      if (crossOriginRefusal(new Request(url, { headers }), options.host))
        return refuseUpgrade(socket, "403 Forbidden");
    }
    const path = url.pathname.slice(mount.prefix.length) || "/";
    const remoteAddress = req.socket.remoteAddress ?? "";
    Promise.resolve(mount.upgrade(req, socket, head, { backend, url, path, remoteAddress })).catch(
      (err) => {
        backend.log(`upgrade ${req.url}: ${(err as Error).stack ?? err}`);
        socket.destroy();
      },
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host}:${port}`;
  // The API's address is the backend's; a side server (the inbox) keeps its own.
  if (options.primary ?? true) backend.url = url;
  return {
    url,
    async close() {
      server.closeAllConnections();
      for (const socket of upgraded) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
