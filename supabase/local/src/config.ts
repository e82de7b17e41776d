import { readFileSync } from "node:fs";
import path from "node:path";
import { compileTemplate, TemplateError } from "./mail/template";
import { parseFunctionsConfig, type FunctionsConfig } from "./functions/config";
import { ConfigError, ConfigSource, type Env } from "./config-source";
import { parseDbConfig, type DbConfig } from "./db-config";
import { parseStorageConfig, type StorageConfig } from "./storage/config";
import { parseRealtimeConfig, type RealtimeConfig } from "./realtime/config";
import { parseOAuthServerConfig, type OAuthServerConfig } from "./auth/oauth-server/config";
import { parseWebAuthnConfig, type WebAuthnConfig } from "./auth/webauthn/config";

export { ConfigError };

/** The mail templates a project can set in `[auth.email.template.<type>]`, as the CLI names them. */
export const EMAIL_TEMPLATE_TYPES = [
  "invite",
  "confirmation",
  "recovery",
  "magic_link",
  "email_change",
  "reauthentication",
] as const;
export type EmailTemplateType = (typeof EMAIL_TEMPLATE_TYPES)[number];

/**
 * The security notices a project can switch on in `[auth.email.notification.<type>]`, as the CLI
 * names them; each is GoTrue's `<type>_notification` mail. Only the ones the local backend sends.
 */
export const EMAIL_NOTIFICATION_TYPES = ["password_changed"] as const;
export type EmailNotificationType = (typeof EMAIL_NOTIFICATION_TYPES)[number];

/** One configured template: either part may be left out, and the built-in one is used for it. */
export interface EmailTemplateConfig {
  /** A Go template for the subject line. */
  subject: string | null;
  /** The absolute path content_path resolved to (relative paths start at the project root). */
  contentPath: string | null;
  /** The file's text, read at start-up. */
  content: string | null;
}

/** What the local backend needs from supabase/config.toml, after environment overrides. */
export interface LocalConfig {
  /** Folder holding supabase/config.toml, migrations/ and seed.sql. */
  supabaseDir: string;
  /** What config.toml sets that the local backend does not apply, named once at start. */
  unapplied: string[];
  port: number;
  /** Where PGlite, the signing key and the inbox live; null keeps everything in memory. */
  dataDir: string | null;
  api: {
    schemas: string[];
    extraSearchPath: string[];
    maxRows: number;
    /**
     * SUPABASE_LOCAL_REQUIRE_API_KEY=on: a REST or Storage request naming no key is refused with
     * hosted's 401, as its gateway does. Off (the CLI's behaviour): it goes through as anon.
     */
    requireApiKey: boolean;
  };
  db: DbConfig;
  functions: FunctionsConfig;
  auth: {
    siteUrl: string;
    additionalRedirectUrls: string[];
    jwtExpiry: number;
    enableSignup: boolean;
    enableAnonymousSignIns: boolean;
    minimumPasswordLength: number;
    /** Character sets a password needs one of each of (password_requirements, as GoTrue lists them). */
    passwordRequiredCharacters: string[];
    enableRefreshTokenRotation: boolean;
    refreshTokenReuseInterval: number;
    signingKeysPath: string | null;
    /** `[auth.sms]`: phone sign-up and sign-in; no SMS provider is reachable, so only test OTPs arrive. */
    sms: {
      enableSignup: boolean;
      enableConfirmations: boolean;
      template: string;
      /** Phone number (digits, no "+") to the code that signs it in. */
      testOtp: Record<string, string>;
    };
    email: {
      enableSignup: boolean;
      enableConfirmations: boolean;
      doubleConfirmChanges: boolean;
      securePasswordChange: boolean;
      maxFrequencySeconds: number;
      otpLength: number;
      otpExpiry: number;
      /** Only the types config.toml (or the environment) sets; the others use the built-in mails. */
      template: Partial<Record<EmailTemplateType, EmailTemplateConfig>>;
      /** Notices that are switched on (`enabled = true`), with their template if one is set. */
      notification: Partial<Record<EmailNotificationType, EmailTemplateConfig>>;
      /**
       * GoTrue's GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD (a dashboard setting on
       * hosted projects; config.toml has no key for it): a password change must carry the current one.
       */
      requireCurrentPassword: boolean;
    };
    mfa: { maxEnrolledFactors: number; totp: { enrollEnabled: boolean; verifyEnabled: boolean } };
    oauthServer: OAuthServerConfig;
    webauthn: WebAuthnConfig;
    rateLimit: {
      /** False when SUPABASE_LOCAL_RATE_LIMITS=off (test runs): no per-IP limits, no resend wait. */
      enabled: boolean;
      emailSent: number;
      smsSent: number;
      anonymousUsers: number;
      tokenRefresh: number;
      signInSignUps: number;
      tokenVerifications: number;
      /**
       * Addresses of the proxies in front of the backend (SUPABASE_LOCAL_TRUSTED_PROXIES, comma
       * separated). Only a connection from one of them may name the client in X-Forwarded-For.
       */
      trustedProxies: string[];
    };
  };
  storage: StorageConfig;
  realtime: RealtimeConfig;
  /**
   * `[inbucket]`: the mail inbox, on a port of its own as the CLI serves its mail catcher, so mail
   * pages never share an origin with the API (and the files Storage serves).
   */
  inbox: { enabled: boolean; port: number };
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
  if (!matched || matched !== value)
    throw new ConfigError(`"${value}" is not a duration like 1m0s`);
  return total;
}

const LOWER = "abcdefghijklmnopqrstuvwxyz";
const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGITS = "0123456789";
const SYMBOLS = "!@#$%^&*()_+-=[]{};'\\:\"|<>?,./`~";

/** The CLI's password_requirements values and the character sets it hands GoTrue for each. */
export const PASSWORD_REQUIREMENTS: Record<string, string[]> = {
  "": [],
  letters_digits: [LOWER + UPPER, DIGITS],
  lower_upper_letters_digits: [LOWER, UPPER, DIGITS],
  lower_upper_letters_digits_symbols: [LOWER, UPPER, DIGITS, SYMBOLS],
};

function requiredCharacters(text: string): string[] | null {
  return Object.hasOwn(PASSWORD_REQUIREMENTS, text) ? PASSWORD_REQUIREMENTS[text] : null;
}

function durationOrNull(text: string): number | null {
  try {
    return parseDuration(text);
  } catch {
    return null;
  }
}

const portCheck = (n: number) =>
  Number.isInteger(n) && n >= 0 && n <= 65535 ? null : "must be a port number (0-65535)";
const positive = (n: number) => (n > 0 ? null : "must be greater than 0");
const notNegative = (n: number) => (n >= 0 ? null : "must not be negative");

function checkTemplate(c: ConfigSource, path: string, text: string, what: string): void {
  try {
    compileTemplate(text);
  } catch (err) {
    if (err instanceof TemplateError)
      throw c.problem(path, `${what} is not a valid template: ${err.message}`);
    throw err;
  }
}

/**
 * A template's subject and content_path under `base`. As in the CLI, content_path is relative to the
 * folder holding supabase/ (the project root). A file that cannot be read, or a template that does
 * not parse, stops start-up naming it.
 */
function readTemplate(
  c: ConfigSource,
  supabaseDir: string,
  base: string,
  what: string,
): EmailTemplateConfig | null {
  const subject = c.string(`${base}.subject`, null);
  const configuredPath = c.string(`${base}.content_path`, null);
  if (subject === null && !configuredPath) return null;
  if (subject !== null) checkTemplate(c, `${base}.subject`, subject, "the subject");
  let contentPath: string | null = null;
  let content: string | null = null;
  if (configuredPath) {
    contentPath = path.resolve(path.dirname(supabaseDir), configuredPath);
    try {
      content = readFileSync(contentPath, "utf8");
    } catch (err) {
      const reason =
        (err as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (err as Error).message;
      throw c.problem(
        `${base}.content_path`,
        `cannot read the ${what} mail template ${contentPath} (${reason})`,
      );
    }
    checkTemplate(c, `${base}.content_path`, content, contentPath);
  }
  return { subject, contentPath, content };
}

/** `[auth.email.template.<type>]`: the types set here replace GoTrue's built-in mails. */
function emailTemplates(
  c: ConfigSource,
  supabaseDir: string,
): Partial<Record<EmailTemplateType, EmailTemplateConfig>> {
  const out: Partial<Record<EmailTemplateType, EmailTemplateConfig>> = {};
  for (const type of EMAIL_TEMPLATE_TYPES) {
    const read = readTemplate(c, supabaseDir, `auth.email.template.${type}`, type);
    if (read) out[type] = read;
  }
  return out;
}

/**
 * `[auth.email.notification.<type>]`: `enabled`, `subject`, `content_path`. As the CLI hands them to
 * GoTrue, a notice is sent only when enabled, and its template is read only then.
 */
function emailNotifications(
  c: ConfigSource,
  supabaseDir: string,
  useTemplates: boolean,
): Partial<Record<EmailNotificationType, EmailTemplateConfig>> {
  const out: Partial<Record<EmailNotificationType, EmailTemplateConfig>> = {};
  for (const type of EMAIL_NOTIFICATION_TYPES) {
    const base = `auth.email.notification.${type}`;
    if (!c.boolean(`${base}.enabled`, false)) {
      c.string(`${base}.subject`, null);
      c.string(`${base}.content_path`, null);
      continue;
    }
    const read = useTemplates ? readTemplate(c, supabaseDir, base, `${type} notification`) : null;
    out[type] = read ?? { subject: null, contentPath: null, content: null };
  }
  return out;
}

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

  const signingKeysPath = c.string("auth.signing_keys_path", null);
  const config: LocalConfig = {
    supabaseDir,
    unapplied: [],
    port: c.number("api.port", 54321, portCheck),
    dataDir: path.join(supabaseDir, ".local-data"),
    api: {
      schemas: c.strings("api.schemas", ["public", "graphql_public"]),
      extraSearchPath: c.strings("api.extra_search_path", ["public", "extensions"]),
      maxRows: c.number("api.max_rows", 1000, positive),
      requireApiKey: false,
    },
    db: parseDbConfig(c, supabaseDir),
    functions: parseFunctionsConfig(c, supabaseDir, env),
    auth: {
      siteUrl: c.string("auth.site_url", "http://127.0.0.1:3000"),
      additionalRedirectUrls: c.strings("auth.additional_redirect_urls", []),
      jwtExpiry: c.number("auth.jwt_expiry", 3600, positive),
      enableSignup: c.boolean("auth.enable_signup", true),
      enableAnonymousSignIns: c.boolean("auth.enable_anonymous_sign_ins", false),
      minimumPasswordLength: c.number("auth.minimum_password_length", 6, positive),
      passwordRequiredCharacters: c.parsed(
        "auth.password_requirements",
        "",
        requiredCharacters,
        `one of ${Object.keys(PASSWORD_REQUIREMENTS)
          .map((k) => `"${k}"`)
          .join(", ")}`,
      ),
      enableRefreshTokenRotation: c.boolean("auth.enable_refresh_token_rotation", true),
      refreshTokenReuseInterval: c.number("auth.refresh_token_reuse_interval", 10, notNegative),
      signingKeysPath: signingKeysPath ? path.resolve(supabaseDir, signingKeysPath) : null,
      sms: {
        enableSignup: c.boolean("auth.sms.enable_signup", false),
        enableConfirmations: c.boolean("auth.sms.enable_confirmations", false),
        template: c.string("auth.sms.template", "Your code is {{ .Code }}"),
        testOtp: Object.fromEntries(
          Object.entries(c.stringMap("auth.sms.test_otp")).map(([phone, code]) => [
            phone.replace(/^\+/, "").replace(/ /g, ""),
            code,
          ]),
        ),
      },
      email: {
        enableSignup: c.boolean("auth.email.enable_signup", true),
        enableConfirmations: c.boolean("auth.email.enable_confirmations", false),
        doubleConfirmChanges: c.boolean("auth.email.double_confirm_changes", true),
        securePasswordChange: c.boolean("auth.email.secure_password_change", false),
        maxFrequencySeconds: c.parsed(
          "auth.email.max_frequency",
          "1s",
          durationOrNull,
          "a duration like 1m0s",
        ),
        otpLength: c.number("auth.email.otp_length", 6, positive),
        otpExpiry: c.number("auth.email.otp_expiry", 3600, positive),
        // SUPABASE_LOCAL_EMAIL_TEMPLATES=off sends the built-in mails whatever config.toml sets.
        template:
          env.SUPABASE_LOCAL_EMAIL_TEMPLATES === "off" ? {} : emailTemplates(c, supabaseDir),
        notification: emailNotifications(
          c,
          supabaseDir,
          env.SUPABASE_LOCAL_EMAIL_TEMPLATES !== "off",
        ),
        requireCurrentPassword: ["true", "1"].includes(
          (env.GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD ?? "").toLowerCase(),
        ),
      },
      mfa: {
        maxEnrolledFactors: c.number("auth.mfa.max_enrolled_factors", 10, notNegative),
        totp: {
          enrollEnabled: c.boolean("auth.mfa.totp.enroll_enabled", true),
          verifyEnabled: c.boolean("auth.mfa.totp.verify_enabled", true),
        },
      },
      oauthServer: parseOAuthServerConfig(c),
      webauthn: parseWebAuthnConfig(c),
      rateLimit: {
        enabled: env.SUPABASE_LOCAL_RATE_LIMITS !== "off",
        emailSent: c.number("auth.rate_limit.email_sent", 2, notNegative),
        smsSent: c.number("auth.rate_limit.sms_sent", 30, notNegative),
        anonymousUsers: c.number("auth.rate_limit.anonymous_users", 30, notNegative),
        tokenRefresh: c.number("auth.rate_limit.token_refresh", 150, notNegative),
        signInSignUps: c.number("auth.rate_limit.sign_in_sign_ups", 30, notNegative),
        tokenVerifications: c.number("auth.rate_limit.token_verifications", 30, notNegative),
        trustedProxies: (env.SUPABASE_LOCAL_TRUSTED_PROXIES ?? "")
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      },
    },
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
  // PGlite is Postgres 17; any other version the project asks for cannot be honoured.
  if (major !== 17)
    config.unapplied.push(`[db] major_version = ${major} (the local database is 17)`);
  return config;
}
