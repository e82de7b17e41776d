import { existsSync, readdirSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { bootstrap, bootstrappedTemplate } from "./bootstrap";
import { loadConfig, type LoadConfigOptions, type LocalConfig } from "./config";
import { Database } from "./db";
import { json, type Backend, type Mount } from "./http";
import { Keys, SIGNING_KEY_FILE } from "./keys";
import { DatabaseMailer, type Mailer } from "./mail";
import { applyMigrations, applySeed } from "./migrations";
import { createAuthService } from "./auth";
import { createRestService } from "./rest";
import { createPgService } from "./pg";
import { createInboxService } from "./inbox";

export interface StartOptions extends LoadConfigOptions {
  /** Start from an empty database (the data folder is emptied first). */
  reset?: boolean;
  /** Listen address; always loopback unless told otherwise. */
  host?: string;
  log?: (message: string) => void;
}

export interface LocalBackend extends Backend {
  stop(): Promise<void>;
}

const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
  "access-control-allow-headers":
    "authorization, x-client-info, apikey, content-type, content-profile, accept-profile, prefer, range, range-unit, x-upsert, x-supabase-api-version, cache-control, x-retry-count",
  "access-control-expose-headers":
    "content-range, content-location, location, x-total-count, x-supabase-api-version",
  "access-control-max-age": "3600",
};

/** Every service, mounted once under its hosted path. */
function mounts(): Mount[] {
  return [
    { prefix: "/auth/v1", handle: createAuthService() },
    { prefix: "/rest/v1", handle: createRestService() },
    { prefix: "/pg", handle: createPgService() },
    { prefix: "/inbox", handle: createInboxService() },
  ];
}

function findMount(services: Mount[], pathname: string): Mount | undefined {
  return services.find(({ prefix }) => pathname === prefix || pathname.startsWith(prefix + "/"));
}

function toRequest(req: http.IncomingMessage, base: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(new URL(req.url ?? "/", base), {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    duplex: "half",
  } as RequestInit);
}

/**
 * A body the handler left unread would be taken for the next request on a kept-alive connection,
 * so such a connection is closed after the answer.
 */
function closeIfUnread(req: http.IncomingMessage, headers: Record<string, string | string[]>) {
  if (!req.complete) headers.connection = "close";
  return headers;
}

async function send(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  response: Response,
  method: string,
): Promise<void> {
  const headers: Record<string, string | string[]> = { ...CORS_HEADERS };
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  res.writeHead(response.status, closeIfUnread(req, headers));
  if (method === "HEAD" || !response.body) {
    await response.body?.cancel();
    return void res.end();
  }
  // Streams with backpressure: a large download is never whole in memory.
  await pipeline(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream), res);
}

/** Removes the database (and the inbox in it) but keeps the signing key, so `--reset` keeps the JWKS. */
function emptyDataDir(dataDir: string): void {
  if (!existsSync(dataDir)) return;
  for (const entry of readdirSync(dataDir)) {
    if (entry !== SIGNING_KEY_FILE)
      rmSync(path.join(dataDir, entry), { recursive: true, force: true });
  }
}

async function prepareDatabase(
  config: LocalConfig,
  reset: boolean,
  log: (m: string) => void,
): Promise<Database> {
  if (reset && config.dataDir) emptyDataDir(config.dataDir);
  const db = await Database.open(config.dataDir, bootstrappedTemplate);
  try {
    await bootstrap(db);
    const applied = await applyMigrations(db, config.supabaseDir, log);
    for (const file of applied) log(`Applied migration ${file}`);
    if (db.created && (await applySeed(db, config.supabaseDir)))
      log("Seeded the database from seed.sql");
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

/** Starts the whole local backend: database, migrations, keys and every HTTP service on one port. */
export async function startLocalBackend(options: StartOptions = {}): Promise<LocalBackend> {
  const log = options.log ?? (() => {});
  const config = loadConfig(options);
  const db = await prepareDatabase(config, options.reset ?? false, log);
  const keys = await Keys.load(config.dataDir, config.auth.signingKeysPath);
  const mail: Mailer = new DatabaseMailer(db, log);
  const host = options.host ?? "127.0.0.1";
  const backend = { config, db, keys, mail, url: "", log } as LocalBackend;
  const services = mounts();

  const server = http.createServer(async (req, res) => {
    const method = req.method ?? "GET";
    try {
      if (method === "OPTIONS")
        return void res.writeHead(204, closeIfUnread(req, { ...CORS_HEADERS })).end();
      let request: Request;
      try {
        request = toRequest(req, backend.url);
      } catch {
        // Methods the Fetch API refuses to carry (TRACE, CONNECT, TRACK) are served by no route.
        return void (await send(req, res, json({ message: "Method Not Allowed" }, 405), method));
      }
      const url = new URL(request.url);
      const mount = findMount(services, url.pathname);
      if (!mount)
        return void (await send(
          req,
          res,
          json({ message: "no Route matched with those values" }, 404),
          method,
        ));
      const path = url.pathname.slice(mount.prefix.length) || "/";
      const remoteAddress = req.socket.remoteAddress ?? "";
      const response = await mount.handle(request, { backend, url, path, remoteAddress });
      // Mail a request sent is stored before the client hears back, so it survives a crash too.
      await mail.flush?.();
      await send(req, res, response, method);
    } catch (err) {
      log(`${method} ${req.url}: ${(err as Error).stack ?? err}`);
      // A body that broke off mid-stream cannot be answered any more; the client sees the cut.
      if (res.headersSent) return void res.destroy();
      res.writeHead(
        500,
        closeIfUnread(req, { ...CORS_HEADERS, "content-type": "application/json" }),
      );
      res.end(JSON.stringify({ message: "internal server error" }));
    }
  });

  server.on("upgrade", (req, socket, head) => {
    const url = new URL(req.url ?? "/", backend.url || "http://127.0.0.1");
    const mount = findMount(services, url.pathname);
    if (!mount?.upgrade) {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    const path = url.pathname.slice(mount.prefix.length) || "/";
    const remoteAddress = req.socket.remoteAddress ?? "";
    Promise.resolve(mount.upgrade(req, socket, head, { backend, url, path, remoteAddress })).catch(
      (err) => {
        log(`upgrade ${req.url}: ${(err as Error).stack ?? err}`);
        socket.destroy();
      },
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  backend.url = `http://${host}:${port}`;
  backend.config.port = port;
  for (const mount of services) await mount.start?.(backend);

  backend.stop = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    for (const mount of services) await mount.stop?.();
    await mail.flush?.();
    await db.close();
  };
  return backend;
}
