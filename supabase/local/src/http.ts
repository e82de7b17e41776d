import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { LocalConfig } from "./config/config";
import type { Database } from "./database/db";
import type { Keys } from "./keys/keys";
import type { Mailer } from "./mail/mailer";
import { WebSocketServer, type WebSocket } from "ws";

/** Everything a service needs; one per running backend. */
export interface Backend {
  config: LocalConfig;
  db: Database;
  keys: Keys;
  mail: Mailer;
  /** Public base URL, e.g. http://127.0.0.1:54321 */
  url: string;
  /** The mail inbox's own address, e.g. http://127.0.0.1:54324; null when it is switched off. */
  inboxUrl: string | null;
  log: (message: string) => void;
}

export interface ServiceContext {
  backend: Backend;
  /** The request URL. */
  url: URL;
  /** The path below the service's mount point, always starting with "/" (e.g. "/token"). */
  path: string;
  /** The peer address of the TCP connection: the only client address no request header can forge. */
  remoteAddress: string;
}

/** A web-standard handler mounted under one path prefix (/auth/v1, /rest/v1, …). */
export type Service = (req: Request, ctx: ServiceContext) => Promise<Response>;

/**
 * Takes over a WebSocket upgrade on the service's path (e.g. with `ws`'s `handleUpgrade`). The
 * socket is the raw connection; the handler must answer or destroy it.
 */
export type UpgradeHandler = (
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  ctx: ServiceContext,
) => void | Promise<void>;

/** One row of the backend's mount table. */
export interface Mount {
  /** Path prefix, e.g. "/storage/v1". */
  prefix: string;
  handle: Service;
  /** Claims WebSocket upgrades below the prefix; without it upgrades are refused. */
  upgrade?: UpgradeHandler;
  /** The largest request body this service takes, in bytes; the backend's limit when left out. */
  bodyLimit?: number;
  /**
   * "allow" (the default) answers browsers from any origin, as the CLI's stack does for the APIs
   * supabase-js calls from a page; "refuse" answers only same-origin requests and navigations;
   * "self" leaves preflight and CORS headers to the service itself, as hosted edge functions do.
   */
  crossOrigin?: "allow" | "refuse" | "self";
  /** Runs once the backend listens (background work: pollers, workers). */
  start?: (backend: Backend) => void | Promise<void>;
  /** Runs when the backend stops, before the database closes. */
  stop?: () => void | Promise<void>;
}

export class BodyError extends Error {
  constructor(
    readonly kind: "too_large" | "malformed",
    message: string,
  ) {
    super(message);
  }
}

const sockets = new WebSocketServer({ noServer: true });

/** Completes a WebSocket handshake inside an upgrade handler and hands over the open socket. */
export function acceptWebSocket(
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
): Promise<WebSocket> {
  return new Promise((resolve) => sockets.handleUpgrade(req, socket, head, resolve));
}

/** Reads at most `limit` bytes of the body; a larger one is refused before it is all read. */
export async function readBody(req: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limit) throw new BodyError("too_large", "request body is too large");
  if (!req.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) throw new BodyError("too_large", "request body is too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Parses a JSON body of at most `limit` bytes; an empty body is `undefined`. */
export async function readJson(req: Request, limit = 1024 * 1024): Promise<unknown> {
  const bytes = await readBody(req, limit);
  if (bytes.byteLength === 0) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new BodyError("malformed", "could not parse request body as JSON");
  }
}

export function json(
  body: unknown,
  status = 200,
  headers: ConstructorParameters<typeof Headers>[0] = {},
): Response {
  const h = new Headers(headers);
  if (!h.has("content-type")) h.set("content-type", "application/json; charset=utf-8");
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: h });
}
