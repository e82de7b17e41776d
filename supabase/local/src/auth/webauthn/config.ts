import type { ConfigSource } from "../../config/config-source";

/**
 * `[auth.mfa.web_authn]`, `[auth.passkey]` and `[auth.webauthn]` as the Supabase CLI reads them and
 * hands them to GoTrue (GOTRUE_MFA_WEB_AUTHN_*, GOTRUE_PASSKEY_ENABLED, GOTRUE_WEBAUTHN_RP_*).
 */
export interface WebAuthnConfig {
  mfa: { enrollEnabled: boolean; verifyEnabled: boolean };
  passkey: { enabled: boolean; maxPerUser: number };
  /** The relying party every ceremony is bound to; empty until a project sets `[auth.webauthn]`. */
  rp: { id: string; displayName: string; origins: string[] };
  /** How long a ceremony's challenge stays usable (GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION). */
  challengeExpirySeconds: number;
}

/** GoTrue's default GOTRUE_PASSKEY_MAX_PASSKEYS_PER_USER; the CLI does not expose it. */
const MAX_PASSKEYS_PER_USER = 10;

function originProblem(origin: string): string | null {
  try {
    const url = new URL(origin);
    if (url.origin !== origin.replace(/\/$/, ""))
      return `"${origin}" is not an origin (scheme, host and port only)`;
    return null;
  } catch {
    return `"${origin}" is not an origin like https://example.com`;
  }
}

export function parseWebAuthnConfig(c: ConfigSource): WebAuthnConfig {
  const config: WebAuthnConfig = {
    mfa: {
      enrollEnabled: c.boolean("auth.mfa.web_authn.enroll_enabled", false),
      verifyEnabled: c.boolean("auth.mfa.web_authn.verify_enabled", false),
    },
    passkey: {
      enabled: c.boolean("auth.passkey.enabled", false),
      maxPerUser: MAX_PASSKEYS_PER_USER,
    },
    rp: {
      id: c.string("auth.webauthn.rp_id", ""),
      displayName: c.string("auth.webauthn.rp_display_name", ""),
      origins: c.strings("auth.webauthn.rp_origins", []).map((o) => o.replace(/\/$/, "")),
    },
    challengeExpirySeconds: 300,
  };
  for (const origin of config.rp.origins) {
    const problem = originProblem(origin);
    if (problem) throw c.problem("auth.webauthn.rp_origins", problem);
  }
  if (config.rp.id && !/^[a-z0-9.-]+$/i.test(config.rp.id))
    throw c.problem("auth.webauthn.rp_id", `"${config.rp.id}" is not a domain like example.com`);
  const used = config.passkey.enabled || config.mfa.enrollEnabled || config.mfa.verifyEnabled;
  // GoTrue only warns and then fails every ceremony; stopping at start names the fix instead.
  if (used) {
    const missing = [
      !config.rp.id && "rp_id",
      !config.rp.displayName && "rp_display_name",
      !config.rp.origins.length && "rp_origins",
    ].filter(Boolean);
    if (missing.length)
      throw c.problem(
        "auth.webauthn",
        `passkeys and WebAuthn MFA need ${missing.join(", ")} in [auth.webauthn]`,
      );
  }
  return config;
}
