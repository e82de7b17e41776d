import { json } from "../http";
import type { AuthContext } from "./context";

/** GET /settings: what the auth server offers, in GoTrue's shape. */
export async function settings(c: AuthContext): Promise<Response> {
  const auth = c.backend.config.auth;
  const external: Record<string, boolean> = {
    anonymous_users: auth.enableAnonymousSignIns,
    email: auth.email.enableSignup,
    phone: auth.sms.enableSignup,
  };
  for (const provider of [
    "apple",
    "azure",
    "bitbucket",
    "discord",
    "facebook",
    "figma",
    "fly",
    "github",
    "gitlab",
    "google",
    "keycloak",
    "kakao",
    "linkedin",
    "linkedin_oidc",
    "notion",
    "spotify",
    "slack",
    "slack_oidc",
    "workos",
    "twitch",
    "twitter",
    "x",
    "zoom",
  ]) {
    external[provider] = false;
  }
  return json({
    external,
    disable_signup: !auth.enableSignup,
    mailer_autoconfirm: !auth.email.enableConfirmations,
    phone_autoconfirm: !auth.sms.enableConfirmations,
    sms_provider: "",
    saml_enabled: false,
    passkeys_enabled: auth.webauthn.passkey.enabled,
  });
}

export async function health(): Promise<Response> {
  return json({
    version: "v2.180.0-local",
    name: "GoTrue",
    description: "GoTrue is a user registration and authentication API",
  });
}

/** GET /.well-known/jwks.json: the public keys that verify access tokens (supabase-js getClaims uses it). */
export async function jwks(c: AuthContext): Promise<Response> {
  return json(c.backend.keys.jwks(), 200, { "cache-control": "public, max-age=600" });
}
