import { readFileSync } from "node:fs";
import path from "node:path";
import { compileTemplate, TemplateError } from "../mail/template";
import { ConfigError, type ConfigSource, type Env } from "../config/config-source";
import { parseOAuthServerConfig, type OAuthServerConfig } from "./oauth-server/config";
import { parseWebAuthnConfig, type WebAuthnConfig } from "./webauthn/config";

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

/** `[auth]` and its subsections, as GoTrue gets them from the CLI, plus the local rate-limit switches. */
export interface AuthConfig {
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

/** `[auth]` and its subsections as the CLI reads them; `env` holds the local switches (rate limits, templates). */
export function parseAuthConfig(c: ConfigSource, supabaseDir: string, env: Env): AuthConfig {
  const signingKeysPath = c.string("auth.signing_keys_path", null);
  return {
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
      template: env.SUPABASE_LOCAL_EMAIL_TEMPLATES === "off" ? {} : emailTemplates(c, supabaseDir),
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
  };
}
