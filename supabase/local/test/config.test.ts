import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, parseDuration } from "@groundwork/local-backend/config";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A supabase folder holding only the given config.toml (or none). */
function supabaseDir(toml?: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "local-config-"));
  dirs.push(dir);
  if (toml !== undefined) writeFileSync(path.join(dir, "config.toml"), toml);
  return dir;
}

const load = (toml: string | undefined, env: Record<string, string> = {}) =>
  loadConfig({ supabaseDir: supabaseDir(toml), env });

function errorOf(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error("expected a ConfigError");
}

const everything = `
project_id = "x"
[api]
port = 55555
schemas = ["public", "api"]
[auth]
site_url = "http://localhost:4000"
additional_redirect_urls = ["http://localhost:4000/**"]
jwt_expiry = 900
enable_signup = false
enable_anonymous_sign_ins = true
minimum_password_length = 12
enable_refresh_token_rotation = false
refresh_token_reuse_interval = 5
signing_keys_path = "./keys.json"
[auth.email]
enable_confirmations = true
double_confirm_changes = false
secure_password_change = true
max_frequency = "1m30s"
[auth.mfa]
max_enrolled_factors = 3
[auth.mfa.totp]
enroll_enabled = false
verify_enabled = false
[auth.rate_limit]
email_sent = 7
token_refresh = 99
sign_in_sign_ups = 11
`;

describe("loadConfig", () => {
  it("falls back to the CLI's defaults without a config.toml", () => {
    const c = load(undefined);
    expect(c.port).toBe(54321);
    expect(c.api.schemas).toEqual(["public", "graphql_public"]);
    expect(c.auth.jwtExpiry).toBe(3600);
    expect(c.auth.refreshTokenReuseInterval).toBe(10);
    expect(c.auth.signingKeysPath).toBeNull();
    expect(c.auth.mfa.totp).toEqual({ enrollEnabled: true, verifyEnabled: true });
    expect(c.dataDir).toBe(path.join(c.supabaseDir, ".local-data"));
  });

  it("reads every setting the issue lists", () => {
    const c = load(everything);
    expect(c.port).toBe(55555);
    expect(c.api.schemas).toEqual(["public", "api"]);
    expect(c.auth).toMatchObject({
      siteUrl: "http://localhost:4000",
      additionalRedirectUrls: ["http://localhost:4000/**"],
      jwtExpiry: 900,
      enableSignup: false,
      enableAnonymousSignIns: true,
      minimumPasswordLength: 12,
      enableRefreshTokenRotation: false,
      refreshTokenReuseInterval: 5,
      signingKeysPath: path.join(c.supabaseDir, "keys.json"),
      email: {
        enableConfirmations: true,
        doubleConfirmChanges: false,
        securePasswordChange: true,
        maxFrequencySeconds: 90,
      },
      mfa: { maxEnrolledFactors: 3, totp: { enrollEnabled: false, verifyEnabled: false } },
      rateLimit: { enabled: true, emailSent: 7, tokenRefresh: 99, signInSignUps: 11 },
    });
  });

  it("ignores sections and keys it does not know", () => {
    const c = load(
      `[studio]\nport = "not a number"\n[auth]\nsomething_new = [1, 2]\njwt_expiry = 60\n[auth.external.github]\nenabled = true\n`,
    );
    expect(c.auth.jwtExpiry).toBe(60);
  });

  it("lets SUPABASE_LOCAL_* variables win over the file", () => {
    const c = load(everything, {
      SUPABASE_LOCAL_PORT: "60001",
      SUPABASE_LOCAL_DATA_DIR: "/tmp/somewhere",
      SUPABASE_LOCAL_JWT_EXPIRY: "120",
      SUPABASE_LOCAL_RATE_LIMITS: "off",
    });
    expect(c.port).toBe(60001);
    expect(c.dataDir).toBe(path.resolve("/tmp/somewhere"));
    expect(c.auth.jwtExpiry).toBe(120);
    expect(c.auth.rateLimit.enabled).toBe(false);
  });

  it("lets the CLI's SUPABASE_<SECTION>_<KEY> variables override the file", () => {
    const c = load(everything, {
      SUPABASE_AUTH_SITE_URL: "https://example.test",
      SUPABASE_AUTH_EMAIL_ENABLE_CONFIRMATIONS: "false",
      SUPABASE_AUTH_MINIMUM_PASSWORD_LENGTH: "9",
      SUPABASE_AUTH_ADDITIONAL_REDIRECT_URLS: "https://a.test/** https://b.test/**",
      SUPABASE_API_PORT: "",
    });
    expect(c.auth.siteUrl).toBe("https://example.test");
    expect(c.auth.email.enableConfirmations).toBe(false);
    expect(c.auth.minimumPasswordLength).toBe(9);
    expect(c.auth.additionalRedirectUrls).toEqual(["https://a.test/**", "https://b.test/**"]);
    expect(c.port).toBe(55555);
  });

  it("substitutes env(NAME) and env(NAME, default) as the CLI does", () => {
    const toml = `[auth]\nsite_url = "env(SITE)"\njwt_expiry = "env(EXPIRY, 300)"\nenable_signup = "env(SIGNUP)"\n[auth.email]\nenable_confirmations = "env(UNSET_FLAG, true)"\n`;
    const c = load(toml, { SITE: "https://site.test", SIGNUP: "false" });
    expect(c.auth.siteUrl).toBe("https://site.test");
    expect(c.auth.jwtExpiry).toBe(300);
    expect(c.auth.enableSignup).toBe(false);
    expect(c.auth.email.enableConfirmations).toBe(true);
  });

  it("stops on a malformed file with the line and the reason", () => {
    const err = errorOf(() => load(`[auth]\nsite_url = "http://x"\njwt_expiry = = 3\n`));
    expect(err.message).toMatch(/config\.toml:3:\d+: /);
    expect(err.message.length).toBeGreaterThan(30);
  });

  it("stops on a wrongly typed value with its line, key and what was expected", () => {
    const err = errorOf(() =>
      load(`[api]\nport = 1\n\n[auth.email]\nenable_confirmations = "yes please"\n`),
    );
    expect(err.message).toMatch(
      /config\.toml:5: auth\.email\.enable_confirmations must be a boolean, got "yes please"/,
    );
    expect(errorOf(() => load(`[api]\nport = 70000\n`)).message).toMatch(
      /config\.toml:2: api\.port must be a port number/,
    );
    expect(errorOf(() => load(`[auth]\nadditional_redirect_urls = "x"\n`)).message).toMatch(
      /:2: auth\.additional_redirect_urls must be an array of strings/,
    );
    expect(errorOf(() => load(`[auth.email]\nmax_frequency = "soon"\n`)).message).toMatch(
      /:2: auth\.email\.max_frequency must be a duration/,
    );
  });

  it("names the variable when an environment override is unusable", () => {
    expect(errorOf(() => load(undefined, { SUPABASE_LOCAL_PORT: "eighty" })).message).toMatch(
      /SUPABASE_LOCAL_PORT must be a number, got "eighty"/,
    );
    expect(errorOf(() => load(undefined, { SUPABASE_AUTH_JWT_EXPIRY: "-5" })).message).toMatch(
      /SUPABASE_AUTH_JWT_EXPIRY must be greater than 0/,
    );
  });

  it("prefers explicit options over everything", () => {
    const c = loadConfig({
      supabaseDir: supabaseDir(everything),
      env: { SUPABASE_LOCAL_PORT: "1" },
      port: 0,
      dataDir: null,
    });
    expect(c.port).toBe(0);
    expect(c.dataDir).toBeNull();
  });
});

describe("parseDuration", () => {
  it("reads Go durations", () => {
    expect(parseDuration("1m0s")).toBe(60);
    expect(parseDuration("1h")).toBe(3600);
    expect(parseDuration("500ms")).toBe(0.5);
    expect(() => parseDuration("1 minute")).toThrow(ConfigError);
  });
});

describe("config.toml sections the local backend does not apply", () => {
  it("names each one, and single keys of sections it otherwise applies", () => {
    const config = load(`
project_id = "x"
[api]
max_rows = 10
max_body_size = "1MB"
[auth]
enable_signup = true
[auth.sms]
enable_signup = true
test_otp = { "4152127777" = "123456" }
[auth.hook.send_sms]
enabled = true
uri = "pg-functions://postgres/public/send_sms"
[analytics]
enabled = true
[auth.external.github]
enabled = false
client_id = "abc"
`);
    expect(config.unapplied).toEqual(["[api] max_body_size", "[auth.hook]", "[analytics]"]);
    expect(config.auth.sms.testOtp).toEqual({ "4152127777": "123456" });
  });

  it("applies [auth.oauth_server]; the OAuth server is off unless the file turns it on", () => {
    expect(load(undefined).auth.oauthServer).toEqual({
      enabled: false,
      authorizationUrlPath: "",
      allowDynamicRegistration: false,
    });
    const c = load(
      `[auth.oauth_server]\nenabled = true\nauthorization_url_path = "/oauth/consent"\nallow_dynamic_registration = true\n`,
    );
    expect(c.auth.oauthServer).toEqual({
      enabled: true,
      authorizationUrlPath: "/oauth/consent",
      allowDynamicRegistration: true,
    });
    expect(c.unapplied).toEqual([]);
  });

  it("applies what it serves off, and names what it cannot switch off or on", () => {
    const off = load(`[auth]\nenable_manual_linking = false\n[db.seed]\nenabled = false\n`);
    expect(off.unapplied).toEqual([]);
    expect(off.db.seed.enabled).toBe(false);
    const on = load(`[api]\nenabled = false\n[auth]\nenable_manual_linking = true\n`);
    expect(on.unapplied).toEqual([
      "[api] enabled = false (the database API is always served)",
      "[auth] enable_manual_linking = true (no OAuth provider to link with)",
    ]);
  });

  it("names nothing for a file it applies entirely", () => {
    expect(
      load(`[api]\nmax_rows = 10\n[auth.email]\nenable_confirmations = true\n`).unapplied,
    ).toEqual([]);
  });
});
