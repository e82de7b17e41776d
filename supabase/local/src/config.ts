import { readFileSync } from "node:fs";
import path from "node:path";
import { ConfigError, ConfigSource, type Env } from "./config-source";

export { ConfigError };

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
      /** False when SUPABASE_LOCAL_RATE_LIMITS=off (test runs): no per-IP limits, no resend wait. */
      enabled: boolean;
      emailSent: number;
      smsSent: number;
      anonymousUsers: number;
      tokenRefresh: number;
      signInSignUps: number;
      tokenVerifications: number;
    };
  };
}

/** "1m0s", "60s", "1h" → seconds (Go duration strings, as the CLI writes them). */
export function parseDuration(value: string): number {
  let total = 0;
  let matched = "";
  for (const m of value.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s)/g)) {
    matched += m[0];
    const n = Number(m[1]);
    total += m[2] === "h" ? n * 3600 : m[2] === "m" ? n * 60 : m[2] === "s" ? n : n / 1000;
  }
  if (!matched || matched !== value) throw new ConfigError(`"${value}" is not a duration like 1m0s`);
  return total;
}

function durationOrNull(text: string): number | null {
  try {
    return parseDuration(text);
  } catch {
    return null;
  }
}

const portCheck = (n: number) => (Number.isInteger(n) && n >= 0 && n <= 65535 ? null : "must be a port number (0-65535)");
const positive = (n: number) => (n > 0 ? null : "must be greater than 0");
const notNegative = (n: number) => (n >= 0 ? null : "must not be negative");

export interface LoadConfigOptions {
  supabaseDir?: string;
  env?: Env;
  /** Overrides applied last (tests use them for port and data folder). */
  port?: number;
  dataDir?: string | null;
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

  const signingKeysPath = c.string("auth.signing_keys_path", null);
  const config: LocalConfig = {
    supabaseDir,
    port: c.number("api.port", 54321, portCheck),
    dataDir: path.join(supabaseDir, ".local-data"),
    api: {
      schemas: c.strings("api.schemas", ["public", "graphql_public"]),
      extraSearchPath: c.strings("api.extra_search_path", ["public", "extensions"]),
      maxRows: c.number("api.max_rows", 1000, positive),
    },
    auth: {
      siteUrl: c.string("auth.site_url", "http://127.0.0.1:3000"),
      additionalRedirectUrls: c.strings("auth.additional_redirect_urls", []),
      jwtExpiry: c.number("auth.jwt_expiry", 3600, positive),
      enableSignup: c.boolean("auth.enable_signup", true),
      enableAnonymousSignIns: c.boolean("auth.enable_anonymous_sign_ins", false),
      minimumPasswordLength: c.number("auth.minimum_password_length", 6, positive),
      enableRefreshTokenRotation: c.boolean("auth.enable_refresh_token_rotation", true),
      refreshTokenReuseInterval: c.number("auth.refresh_token_reuse_interval", 10, notNegative),
      signingKeysPath: signingKeysPath ? path.resolve(supabaseDir, signingKeysPath) : null,
      email: {
        enableSignup: c.boolean("auth.email.enable_signup", true),
        enableConfirmations: c.boolean("auth.email.enable_confirmations", false),
        doubleConfirmChanges: c.boolean("auth.email.double_confirm_changes", true),
        securePasswordChange: c.boolean("auth.email.secure_password_change", false),
        maxFrequencySeconds: c.parsed("auth.email.max_frequency", "1s", durationOrNull, "a duration like 1m0s"),
        otpLength: c.number("auth.email.otp_length", 6, positive),
        otpExpiry: c.number("auth.email.otp_expiry", 3600, positive),
      },
      mfa: {
        maxEnrolledFactors: c.number("auth.mfa.max_enrolled_factors", 10, notNegative),
        totp: {
          enrollEnabled: c.boolean("auth.mfa.totp.enroll_enabled", true),
          verifyEnabled: c.boolean("auth.mfa.totp.verify_enabled", true),
        },
      },
      rateLimit: {
        enabled: env.SUPABASE_LOCAL_RATE_LIMITS !== "off",
        emailSent: c.number("auth.rate_limit.email_sent", 2, notNegative),
        smsSent: c.number("auth.rate_limit.sms_sent", 30, notNegative),
        anonymousUsers: c.number("auth.rate_limit.anonymous_users", 30, notNegative),
        tokenRefresh: c.number("auth.rate_limit.token_refresh", 150, notNegative),
        signInSignUps: c.number("auth.rate_limit.sign_in_sign_ups", 30, notNegative),
        tokenVerifications: c.number("auth.rate_limit.token_verifications", 30, notNegative),
      },
    },
  };

  // The local backend's own variables win over config.toml and the CLI's SUPABASE_<KEY> variables.
  const local = ConfigSource.parse(null, "", {
    SUPABASE_LOCAL_PORT: env.SUPABASE_LOCAL_PORT,
    SUPABASE_LOCAL_JWT_EXPIRY: env.SUPABASE_LOCAL_JWT_EXPIRY,
  });
  config.port = local.number("local.port", config.port, portCheck);
  config.auth.jwtExpiry = local.number("local.jwt_expiry", config.auth.jwtExpiry, positive);
  if (env.SUPABASE_LOCAL_DATA_DIR) config.dataDir = path.resolve(env.SUPABASE_LOCAL_DATA_DIR);
  if (options.port !== undefined) config.port = options.port;
  if (options.dataDir !== undefined) config.dataDir = options.dataDir;
  return config;
}
