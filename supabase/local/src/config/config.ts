import { readFileSync } from "node:fs";
import path from "node:path";
import { parseFunctionsConfig, type FunctionsConfig } from "../functions/config";
import { ConfigError, ConfigSource, type Env } from "./config-source";
import { parseDbConfig, type DbConfig } from "../database/db-config";
import { parseStorageConfig, type StorageConfig } from "../storage/config";
import { parseRealtimeConfig, type RealtimeConfig } from "../realtime/config";
import { parseAuthConfig, type AuthConfig } from "../auth/config";
import { parseApiConfig, type ApiConfig } from "../rest/config";

export { ConfigError };
export { parseDuration } from "../auth/config";

/** What the local backend needs from supabase/config.toml, after environment overrides. */
export interface LocalConfig {
  /** Folder holding supabase/config.toml, migrations/ and seed.sql. */
  supabaseDir: string;
  /** What config.toml sets that the local backend does not apply, named once at start. */
  unapplied: string[];
  port: number;
  /** Where PGlite, the signing key and the inbox live; null keeps everything in memory. */
  dataDir: string | null;
  api: ApiConfig;
  db: DbConfig;
  functions: FunctionsConfig;
  auth: AuthConfig;
  storage: StorageConfig;
  realtime: RealtimeConfig;
  /**
   * `[inbucket]`: the mail inbox, on a port of its own as the CLI serves its mail catcher, so mail
   * pages never share an origin with the API (and the files Storage serves).
   */
  inbox: { enabled: boolean; port: number };
}

const portCheck = (n: number) =>
  Number.isInteger(n) && n >= 0 && n <= 65535 ? null : "must be a port number (0-65535)";
const positive = (n: number) => (n > 0 ? null : "must be greater than 0");

export interface LoadConfigOptions {
  supabaseDir?: string;
  env?: Env;
  /** Overrides applied last (tests use them for port and data folder). */
  port?: number;
  /** The inbox's port (0: any free port). */
  inboxPort?: number;
  dataDir?: string | null;
  /** A PostgreSQL server to run on (over SUPABASE_DB_URL); null keeps the embedded database. */
  dbUrl?: string | null;
  /** Bootstrap a server database that already holds something. */
  adoptDatabase?: boolean;
}

/** A switch variable: `on`/`off` (or true/false, 1/0); unset or empty is off. */
function onOff(name: string, value: string | undefined): boolean {
  const v = (value ?? "").trim().toLowerCase();
  if (v === "" || v === "off" || v === "false" || v === "0") return false;
  if (v === "on" || v === "true" || v === "1") return true;
  throw new ConfigError(`${name}: must be on or off, got "${value}"`);
}

export function loadConfig(options: LoadConfigOptions = {}): LocalConfig {
  const env = options.env ?? process.env;
  const supabaseDir = path.resolve(options.supabaseDir ?? path.join(process.cwd(), "supabase"));
  const file = path.join(supabaseDir, "config.toml");
  let text: string | null;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    text = null;
  }
  const c = ConfigSource.parse(text, file, env);

  const config: LocalConfig = {
    supabaseDir,
    unapplied: [],
    port: c.number("api.port", 54321, portCheck),
    dataDir: path.join(supabaseDir, ".local-data"),
    api: parseApiConfig(c),
    db: parseDbConfig(c, supabaseDir),
    functions: parseFunctionsConfig(c, supabaseDir, env),
    auth: parseAuthConfig(c, supabaseDir, env),
    storage: parseStorageConfig(c, supabaseDir),
    realtime: parseRealtimeConfig(c),
    inbox: {
      enabled: c.boolean("inbucket.enabled", true),
      port: c.number("inbucket.port", 54324, portCheck),
    },
  };

  // The local backend's own variables win over config.toml and the CLI's SUPABASE_<KEY> variables.
  const local = ConfigSource.parse(null, "", {
    SUPABASE_LOCAL_PORT: env.SUPABASE_LOCAL_PORT,
    SUPABASE_LOCAL_INBOX_PORT: env.SUPABASE_LOCAL_INBOX_PORT,
    SUPABASE_LOCAL_JWT_EXPIRY: env.SUPABASE_LOCAL_JWT_EXPIRY,
    SUPABASE_LOCAL_DB_POOL_SIZE: env.SUPABASE_LOCAL_DB_POOL_SIZE,
    SUPABASE_LOCAL_TUS_URL_EXPIRY_MS: env.SUPABASE_LOCAL_TUS_URL_EXPIRY_MS,
  });
  config.db.poolSize = local.number("local.db_pool_size", config.db.poolSize, positive);
  const dbUrl = options.dbUrl !== undefined ? options.dbUrl : env.SUPABASE_DB_URL || null;
  if (dbUrl !== null && !/^postgres(ql)?:\/\//.test(dbUrl))
    throw new ConfigError(
      `SUPABASE_DB_URL must be a postgres:// or postgresql:// URL, got "${dbUrl.slice(0, 40)}"`,
    );
  config.db.url = dbUrl;
  config.db.adopt = options.adoptDatabase ?? env.SUPABASE_DB_ADOPT === "true";
  config.port = local.number("local.port", config.port, portCheck);
  config.inbox.port = local.number("local.inbox_port", config.inbox.port, portCheck);
  config.auth.jwtExpiry = local.number("local.jwt_expiry", config.auth.jwtExpiry, positive);
  config.api.requireApiKey = onOff(
    "SUPABASE_LOCAL_REQUIRE_API_KEY",
    env.SUPABASE_LOCAL_REQUIRE_API_KEY,
  );
  config.storage.resumableExpiryMs = local.number(
    "local.tus_url_expiry_ms",
    config.storage.resumableExpiryMs,
    positive,
  );
  if (env.SUPABASE_LOCAL_DATA_DIR) config.dataDir = path.resolve(env.SUPABASE_LOCAL_DATA_DIR);
  if (options.port !== undefined) config.port = options.port;
  if (options.inboxPort !== undefined) config.inbox.port = options.inboxPort;
  // Any free port for the API (tests, tools) means any free port for the inbox too, unless named.
  else if (config.port === 0 && env.SUPABASE_LOCAL_INBOX_PORT === undefined) config.inbox.port = 0;
  if (options.dataDir !== undefined) config.dataDir = options.dataDir;
  // The project name has nothing more to apply locally.
  c.string("project_id", null);
  const apiOn = c.boolean("api.enabled", true);
  const authOn = c.boolean("auth.enabled", true);
  // Manual identity linking is answered as switched off (GoTrue's manual_linking_disabled).
  const manualLinking = c.boolean("auth.enable_manual_linking", false);
  const major = c.number("db.major_version", 17);
  config.unapplied = c.unread();
  // The database API and auth are always served here: the app and every other service need them.
  if (!apiOn) config.unapplied.push("[api] enabled = false (the database API is always served)");
  if (!authOn) config.unapplied.push("[auth] enabled = false (auth is always served)");
  if (manualLinking)
    config.unapplied.push("[auth] enable_manual_linking = true (no OAuth provider to link with)");
  // PGlite is Postgres 17; a server runs what it runs, compared once it is reached.
  config.db.majorVersion = major;
  if (!config.db.url && major !== 17)
    config.unapplied.push(`[db] major_version = ${major} (the local database is 17)`);
  return config;
}
