import { existsSync, readdirSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { bootstrap, bootstrappedTemplate } from "./bootstrap";
import { loadConfig, type LoadConfigOptions, type LocalConfig } from "./config";
import { Database } from "./db";
import { json, type Backend, type Service } from "./http";
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

function mounts(): [string, Service][] {
  return [
    ["/auth/v1", createAuthService()],
    ["/rest/v1", createRestService()],
    ["/pg", createPgService()],
    ["/inbox", createInboxService()],
  ];
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

async function send(res: http.ServerResponse, response: Response, method: string): Promise<void> {
  const headers: Record<string, string | string[]> = { ...CORS_HEADERS };
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  res.writeHead(response.status, headers);
  if (method === "HEAD" || !response.body) return void res.end();
  const body = Buffer.from(await response.arrayBuffer());
  res.end(body);
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
      if (method === "OPTIONS") return void res.writeHead(204, CORS_HEADERS).end();
      const request = toRequest(req, backend.url);
      const url = new URL(request.url);
      const mount = services.find(
        ([prefix]) => url.pathname === prefix || url.pathname.startsWith(prefix + "/"),
      );
      if (!mount)
        return void (await send(
          res,
          json({ message: "no Route matched with those values" }, 404),
          method,
        ));
      const path = url.pathname.slice(mount[0].length) || "/";
      const response = await mount[1](request, { backend, url, path });
      // Mail a request sent is stored before the client hears back, so it survives a crash too.
      await mail.flush?.();
      await send(res, response, method);
    } catch (err) {
      log(`${method} ${req.url}: ${(err as Error).stack ?? err}`);
      if (!res.headersSent)
        res.writeHead(500, { ...CORS_HEADERS, "content-type": "application/json" });
      res.end(JSON.stringify({ message: "internal server error" }));
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  backend.url = `http://${host}:${port}`;
  backend.config.port = port;

  backend.stop = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await mail.flush?.();
    await db.close();
  };
  return backend;
}
