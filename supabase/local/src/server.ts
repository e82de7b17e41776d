import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { bootstrap, bootstrappedTemplate } from "./database/bootstrap";
import { loadConfig, type LoadConfigOptions, type LocalConfig } from "./config/config";
import { PgliteDatabase, type Database, type ServiceRole } from "./database/db";
import { ServerDatabase } from "./database/server-db";
import { assertDataFolderFree } from "./database/folder-lock";
import type { Backend, Mount } from "./http";
import { createApp } from "./layer/app";
import { DEFAULT_TIMEOUTS, listen, type Timeouts } from "./layer/listen";
import { Keys, SIGNING_KEY_FILE } from "./keys/keys";
import { DatabaseMailer, type Mailer } from "./mail/mailer";
import { applyMigrations, applySeed } from "./database/migrations";
import { startAutoAnalyze } from "./database/auto-analyze";
import { startScheduledJobs } from "./database/scheduled-jobs";
import { createAuthService } from "./auth";
import { authorizationServerMetadataMount } from "./auth/oauth-server/well-known-mount";
import { createRestService } from "./rest";
import { createPgService } from "./database/pg";
import { createFunctionsService } from "./functions";
import { createInboxService } from "./inbox";
import { createStorageService } from "./storage";
import { createRealtimeService } from "./realtime";

export interface StartOptions extends LoadConfigOptions {
  /** Start from an empty database (the data folder is emptied first). */
  reset?: boolean;
  /** Listen address; always loopback unless told otherwise. */
  host?: string;
  log?: (message: string) => void;
  /** The largest request body a service takes unless it sets its own limit, in bytes. */
  bodyLimit?: number;
  /** When a slow or stalled client is cut off. */
  timeouts?: Partial<Timeouts>;
  /** Services mounted after the built-in ones (a tool's or a test's own). */
  extraMounts?: Mount[];
  /** How often the scheduled jobs (hosted's pg_cron jobs) run; each job's own cadence by default. */
  scheduledJobsEveryMs?: number;
  /** How often the embedded database's tables are checked for statistics gone stale. */
  autoAnalyzeEveryMs?: number;
}

/** Requests larger than this get 413, unless a service sets its own limit. */
export const DEFAULT_BODY_LIMIT = 8 * 1024 * 1024;

export interface LocalBackend extends Backend {
  stop(): Promise<void>;
}

/**
 * The backend as one service sees it: the same in everything but the database, which is reached
 * as the role the hosted service logs in as (later changes to the backend, its url, show through).
 */
function asService(backend: Backend, role: ServiceRole): Backend {
  return Object.create(backend, { db: { value: backend.db.forService(role) } }) as Backend;
}

/** A mount whose requests, upgrades and background work reach the database as `role`. */
function mountAs(mount: Mount, role: ServiceRole): Mount {
  const seen = new WeakMap<Backend, Backend>();
  const view = (b: Backend) => {
    let v = seen.get(b);
    if (!v) seen.set(b, (v = asService(b, role)));
    return v;
  };
  return {
    ...mount,
    handle: (req, ctx) => mount.handle(req, { ...ctx, backend: view(ctx.backend) }),
    upgrade: mount.upgrade
      ? (req, socket, head, ctx) =>
          mount.upgrade!(req, socket, head, { ...ctx, backend: view(ctx.backend) })
      : undefined,
    start: mount.start ? (b) => mount.start!(view(b)) : undefined,
  };
}

/** Every service, mounted once under its hosted path, each reaching the database as hosted's does. */
function mounts(): Mount[] {
  const auth = mountAs(
    { prefix: "/auth/v1", handle: createAuthService() },
    "supabase_auth_admin",
  ).handle;
  return [
    { prefix: "/auth/v1", handle: auth },
    authorizationServerMetadataMount(auth),
    { prefix: "/rest/v1", handle: createRestService() },
    // Neither mail nor SQL may be reachable from a web page the developer happens to visit.
    { prefix: "/pg", handle: createPgService(), crossOrigin: "refuse" },
    createFunctionsService(),
    mountAs(createStorageService(), "supabase_storage_admin"),
    createRealtimeService(),
  ];
}

/**
 * The mail inbox on its own port (`[inbucket] port`, as the CLI serves its mail catcher): its pages
 * must never share an origin with the API, where Storage serves whatever files people upload.
 */
async function listenInbox(backend: LocalBackend, host: string) {
  const inbox: Mount[] = [{ prefix: "", handle: createInboxService(), crossOrigin: "refuse" }];
  const app = createApp(inbox, backend, { bodyLimit: 64 * 1024, host });
  const listening = await listen(app.fetch, inbox, backend, {
    host,
    port: backend.config.inbox.port,
    timeouts: DEFAULT_TIMEOUTS,
    primary: false,
  });
  backend.config.inbox.port = Number(new URL(listening.url).port);
  return listening;
}

/** Removes the database (and the inbox in it) but keeps the signing key, so `--reset` keeps the JWKS. */
function emptyDataDir(dataDir: string): void {
  if (!existsSync(dataDir)) return;
  for (const entry of readdirSync(dataDir)) {
    if (entry !== SIGNING_KEY_FILE)
      rmSync(path.join(dataDir, entry), { recursive: true, force: true });
  }
}

/** The embedded database in the data folder, or the PostgreSQL server SUPABASE_DB_URL names. */
async function openDatabase(config: LocalConfig, log: (m: string) => void): Promise<Database> {
  if (!config.db.url) return PgliteDatabase.open(config.dataDir, bootstrappedTemplate);
  return ServerDatabase.open(config.db.url, {
    poolSize: config.db.poolSize,
    adopt: config.db.adopt,
    log,
  });
}

async function prepareDatabase(
  config: LocalConfig,
  reset: boolean,
  log: (m: string) => void,
): Promise<Database> {
  // Emptying a folder another backend has open would pull its database out from under it.
  if (!config.db.url && config.dataDir) assertDataFolderFree(config.dataDir);
  if (reset && config.dataDir) emptyDataDir(config.dataDir);
  const db = await openDatabase(config, log);
  try {
    await bootstrap(db);
    const applied = config.db.migrations ? await applyMigrations(db, config.supabaseDir, log) : [];
    for (const file of applied) log(`Applied migration ${file}`);
    const { seed } = config.db;
    const seeded =
      db.created && seed.enabled ? await applySeed(db, config.supabaseDir, seed.files) : [];
    if (seeded.length) log(`Seeded the database from ${seeded.join(", ")}`);
    if (db instanceof ServerDatabase) {
      await db.connectRoles();
      const major = await db.majorVersion();
      if (major !== config.db.majorVersion)
        log(
          `config.toml: [db] major_version = ${config.db.majorVersion}, but the PostgreSQL server runs ${major}`,
        );
    } else await db.reloadRoleSettings();
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
  if (config.unapplied.length)
    log(`config.toml: not supported locally, so not applied: ${config.unapplied.join("; ")}`);
  const db = await prepareDatabase(config, options.reset ?? false, log);
  const keys = await Keys.load(config.dataDir, config.auth.signingKeysPath);
  const mail: Mailer = new DatabaseMailer(db, log);
  const host = options.host ?? "127.0.0.1";
  const backend = { config, db, keys, mail, url: "", inboxUrl: null, log } as LocalBackend;
  const services = [...mounts(), ...(options.extraMounts ?? [])];

  const app = createApp(services, backend, {
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    host,
  });
  const server = await listen(app.fetch, services, backend, {
    host,
    port: config.port,
    timeouts: { ...DEFAULT_TIMEOUTS, ...options.timeouts },
  });
  backend.config.port = Number(new URL(backend.url).port);
  let inbox: { url: string; close(): Promise<void> } | null = null;
  try {
    inbox = config.inbox.enabled ? await listenInbox(backend, host) : null;
  } catch (err) {
    await server.close();
    await db.close();
    throw err;
  }
  backend.inboxUrl = inbox?.url ?? null;
  for (const mount of services) await mount.start?.(backend);
  const stopJobs = startScheduledJobs(db, log, { everyMs: options.scheduledJobsEveryMs });
  const stopAnalyze = startAutoAnalyze(db, log, options.autoAnalyzeEveryMs);

  backend.stop = async () => {
    await server.close();
    await inbox?.close();
    await stopJobs();
    await stopAnalyze();
    for (const mount of services) await mount.stop?.();
    await mail.flush?.();
    await db.close();
  };
  return backend;
}
