import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import { json, type Backend, type Mount } from "../http";
import { CallerError } from "../keys/keys";
import { ChangeFeed } from "./changes";
import { Connection } from "./connection";
import { Hub } from "./hub";
import type { Vsn } from "./protocol";
import { batchBroadcast, singleBroadcast } from "./rest";
import { apiKeyToken } from "./tokens";

/** How often committed changes are looked for when no notification said so (a safety net). */
const POLL_MS = 1000;

function refuse(socket: Duplex, status: number, text: string, error: string) {
  const body = JSON.stringify({ error });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Supabase Realtime at /realtime/v1: the Phoenix WebSocket of realtime-js and broadcast by REST. */
export function createRealtimeService(): Mount {
  const hub = new Hub();
  const connections = new Set<Connection>();
  let feed: ChangeFeed | null = null;
  let wss: WebSocketServer | null = null;
  let poll: NodeJS.Timeout | null = null;
  let unlisten: (() => Promise<void>) | null = null;

  return {
    prefix: "/realtime/v1",
    async handle(req, ctx) {
      const limitKb = ctx.backend.config.realtime.maxPayloadSizeInKb;
      if (req.method === "POST" && ctx.path === "/api/broadcast")
        return batchBroadcast(req, ctx, hub, limitKb);
      const single = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)$/.exec(ctx.path);
      if (req.method === "POST" && single)
        return singleBroadcast(
          req,
          ctx,
          hub,
          limitKb,
          decodeURIComponent(single[1]),
          decodeURIComponent(single[2]),
        );
      return json({ message: "Not Found" }, 404);
    },

    async upgrade(req, socket, head, { backend, url, path }) {
      const config = backend.config.realtime;
      if (path !== "/websocket" || !feed || !wss)
        return refuse(socket, 404, "Not Found", "Not Found");
      if (!config.enabled) return refuse(socket, 404, "Not Found", "Realtime is disabled");
      // [realtime] max_header_length bounds each request header, as it bounds Realtime's HTTP server.
      if (req.rawHeaders.some((h) => h.length > config.maxHeaderLength))
        return refuse(socket, 431, "Request Header Fields Too Large", "Request header too large");
      const header = req.headers["x-api-key"] ?? req.headers.apikey;
      const apiKey = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get("apikey");
      if (!apiKey) return refuse(socket, 401, "Unauthorized", "API key is missing");
      let token;
      try {
        token = await apiKeyToken(backend.keys, apiKey);
      } catch (err) {
        if (!(err instanceof CallerError)) throw err;
        return refuse(socket, 401, "Unauthorized", "Failed to validate JWT signature");
      }
      const vsn = url.searchParams.get("vsn") ?? "1.0.0";
      if (vsn !== "1.0.0" && vsn !== "2.0.0")
        return refuse(socket, 400, "Bad Request", `Unsupported serializer version: ${vsn}`);
      if (connections.size >= config.maxConcurrentUsers)
        return refuse(socket, 429, "Too Many Requests", "Too many connected users");
      const changes = feed;
      wss.handleUpgrade(req, socket, head, (ws) => {
        const conn = new Connection(ws, vsn as Vsn, backend, hub, changes, config, token);
        connections.add(conn);
        ws.on("close", () => connections.delete(conn));
      });
    },

    async start(backend: Backend) {
      const config = backend.config.realtime;
      wss = new WebSocketServer({
        noServer: true,
        maxPayload: config.maxPayloadSizeInKb * 1000 + 64 * 1024,
      });
      feed = new ChangeFeed(backend.db, hub, backend.log);
      const changes = feed;
      await changes.syncCapture();
      // Hosted keeps broadcast messages for three days (its daily partitions); so does this.
      await backend.db.query(
        "delete from realtime.messages where inserted_at < now() - interval '3 days'",
      );
      unlisten = await backend.db.listen("supabase_local_realtime", () => void changes.signal());
      poll = setInterval(() => {
        changes
          .syncCapture()
          .then(() => changes.signal())
          .catch(() => {});
      }, POLL_MS);
      poll.unref();
      void changes.signal();
    },

    async stop() {
      if (poll) clearInterval(poll);
      for (const c of connections) c.ws.terminate();
      wss?.close();
      await feed?.signal().catch(() => {});
      await unlisten?.().catch(() => {});
    },
  };
}
