import { readFileSync } from "node:fs";
import path from "node:path";
import { parse, TomlError } from "smol-toml";

/** What the local backend needs from supabase/config.toml, after environment overrides. */
export interface LocalConfig {
  /** Folder holding supabase/config.toml, migrations/ and seed.sql. */
  supabaseDir: string;
  port: number;
  /** Where PGlite, the signing key and the inbox live; null keeps everything in memory. */
  dataDir: string | null;
  api: { schemas: string[]; extraSearchPath: string[]; maxRows: number };
  auth: {
    siteUrl: string;
    additionalRedirectUrls: string[];
    jwtExpiry: number;
    enableSignup: boolean;
    enableAnonymousSignIns: boolean;
    minimumPasswordLength: number;
    enableRefreshTokenRotation: boolean;
    refreshTokenReuseInterval: number;
    signingKeysPath: string | null;
    email: {
      enableSignup: boolean;
      enableConfirmations: boolean;
      doubleConfirmChanges: boolean;
      securePasswordChange: boolean;
      maxFrequencySeconds: number;
      otpLength: number;
      otpExpiry: number;
    };
    mfa: { maxEnrolledFactors: number; totp: { enrollEnabled: boolean; verifyEnabled: boolean } };
    rateLimit: {
      emailSent: number;
      smsSent: number;
      anonymousUsers: number;
      tokenRefresh: number;
      signInSignUps: number;
      tokenVerifications: number;
    };
  };
}

export class ConfigError extends Error {}

type Table = Record<string, unknown>;

function table(value: unknown): Table {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Table) : {};
}

function pick<T>(t: Table, key: string, kind: "string" | "number" | "boolean", fallback: T, where: string): T {
  const v = t[key];
  if (v === undefined) return fallback;
  if (kind === "number" && typeof v === "bigint") return Number(v) as T;
  if (typeof v !== kind) throw new ConfigError(`${where}.${key} must be a ${kind}`);
  return v as T;
}

function strings(t: Table, key: string, fallback: string[], where: string): string[] {
  const v = t[key];
  if (v === undefined) return fallback;
  if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) {
    throw new ConfigError(`${where}.${key} must be an array of strings`);
  }
  return v as string[];
}

/** "1m0s", "60s", "1h" → seconds (Go duration strings, as the CLI writes them). */
export function parseDuration(value: string): number {
  const re = /(\d+(?:\.\d+)?)(h|m|s|ms)/g;
  let total = 0;
  let matched = "";
  for (const m of value.matchAll(re)) {
    matched += m[0];
    const n = Number(m[1]);
    total += m[2] === "h" ? n * 3600 : m[2] === "m" ? n * 60 : m[2] === "s" ? n : n / 1000;
  }
  if (!matched || matched !== value) throw new ConfigError(`"${value}" is not a duration like 1m0s`);
  return total;
}

/** Replaces env(NAME) in string values, as the Supabase CLI does. */
function substituteEnv(value: unknown, env: NodeJS.ProcessEnv): unknown {
  if (typeof value === "string") {
    const m = /^env\((\w+)\)$/.exec(value.trim());
    return m ? (env[m[1]] ?? "") : value;
  }
  if (Array.isArray(value)) return value.map((v) => substituteEnv(v, env));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substituteEnv(v, env)]));
  }
  return value;
}

function envNumber(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n)) throw new ConfigError(`${name} must be a number, got "${raw}"`);
  return n;
}

export interface LoadConfigOptions {
  supabaseDir?: string;
  env?: NodeJS.ProcessEnv;
  /** Overrides applied last (tests use them for port and data folder). */
  port?: number;
  dataDir?: string | null;
}

export function loadConfig(options: LoadConfigOptions = {}): LocalConfig {
  const env = options.env ?? process.env;
  const supabaseDir = path.resolve(options.supabaseDir ?? path.join(process.cwd(), "supabase"));
  const file = path.join(supabaseDir, "config.toml");
  let raw: Table = {};
  let text: string | null = null;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    text = null;
  }
  if (text !== null) {
    try {
      raw = substituteEnv(parse(text), env) as Table;
    } catch (err) {
      if (err instanceof TomlError) {
        throw new ConfigError(`${file}:${err.line}:${err.column}: ${err.message.split("\n")[0]}`);
      }
      throw err;
    }
  }

  const api = table(raw.api);
  const auth = table(raw.auth);
  const email = table(auth.email);
  const mfa = table(auth.mfa);
  const totp = table(mfa.totp);
  const rate = table(auth.rate_limit);

  const signingKeysPath = pick<string | null>(auth, "signing_keys_path", "string", null, "auth");
  const config: LocalConfig = {
    supabaseDir,
    port: pick(api, "port", "number", 54321, "api"),
    dataDir: path.join(supabaseDir, ".local-data"),
    api: {
      schemas: strings(api, "schemas", ["public", "graphql_public"], "api"),
      extraSearchPath: strings(api, "extra_search_path", ["public", "extensions"], "api"),
      maxRows: pick(api, "max_rows", "number", 1000, "api"),
    },
    auth: {
      siteUrl: pick(auth, "site_url", "string", "http://127.0.0.1:3000", "auth"),
      additionalRedirectUrls: strings(auth, "additional_redirect_urls", [], "auth"),
      jwtExpiry: pick(auth, "jwt_expiry", "number", 3600, "auth"),
      enableSignup: pick(auth, "enable_signup", "boolean", true, "auth"),
      enableAnonymousSignIns: pick(auth, "enable_anonymous_sign_ins", "boolean", false, "auth"),
      minimumPasswordLength: pick(auth, "minimum_password_length", "number", 6, "auth"),
      enableRefreshTokenRotation: pick(auth, "enable_refresh_token_rotation", "boolean", true, "auth"),
      refreshTokenReuseInterval: pick(auth, "refresh_token_reuse_interval", "number", 10, "auth"),
      signingKeysPath: signingKeysPath ? path.resolve(supabaseDir, signingKeysPath) : null,
      email: {
        enableSignup: pick(email, "enable_signup", "boolean", true, "auth.email"),
        enableConfirmations: pick(email, "enable_confirmations", "boolean", false, "auth.email"),
        doubleConfirmChanges: pick(email, "double_confirm_changes", "boolean", true, "auth.email"),
        securePasswordChange: pick(email, "secure_password_change", "boolean", false, "auth.email"),
        maxFrequencySeconds: parseDuration(pick(email, "max_frequency", "string", "1s", "auth.email")),
        otpLength: pick(email, "otp_length", "number", 6, "auth.email"),
        otpExpiry: pick(email, "otp_expiry", "number", 3600, "auth.email"),
      },
      mfa: {
        maxEnrolledFactors: pick(mfa, "max_enrolled_factors", "number", 10, "auth.mfa"),
        totp: {
          enrollEnabled: pick(totp, "enroll_enabled", "boolean", true, "auth.mfa.totp"),
          verifyEnabled: pick(totp, "verify_enabled", "boolean", true, "auth.mfa.totp"),
        },
      },
      rateLimit: {
        emailSent: pick(rate, "email_sent", "number", 2, "auth.rate_limit"),
        smsSent: pick(rate, "sms_sent", "number", 30, "auth.rate_limit"),
        anonymousUsers: pick(rate, "anonymous_users", "number", 30, "auth.rate_limit"),
        tokenRefresh: pick(rate, "token_refresh", "number", 150, "auth.rate_limit"),
        signInSignUps: pick(rate, "sign_in_sign_ups", "number", 30, "auth.rate_limit"),
        tokenVerifications: pick(rate, "token_verifications", "number", 30, "auth.rate_limit"),
      },
    },
  };

  const port = envNumber(env, "SUPABASE_LOCAL_PORT");
  if (port !== undefined) config.port = port;
  if (env.SUPABASE_LOCAL_DATA_DIR) config.dataDir = path.resolve(env.SUPABASE_LOCAL_DATA_DIR);
  const expiry = envNumber(env, "SUPABASE_LOCAL_JWT_EXPIRY");
  if (expiry !== undefined) config.auth.jwtExpiry = expiry;
  if (options.port !== undefined) config.port = options.port;
  if (options.dataDir !== undefined) config.dataDir = options.dataDir;
  return config;
}
