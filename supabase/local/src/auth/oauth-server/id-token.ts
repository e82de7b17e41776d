import type { Backend } from "../../http";
import type { UserRow } from "../users";

/** How long an ID token lasts: an hour, whatever the access token's expiry. */
const ID_TOKEN_SECONDS = 3600;

const text = (v: unknown) => (typeof v === "string" && v ? v : undefined);

/**
 * The OpenID Connect ID token GoTrue adds when `openid` was granted: signed like access tokens,
 * addressed to the client, with only the claims the other granted scopes allow.
 */
export function idToken(
  backend: Backend,
  user: UserRow,
  clientId: string,
  scopes: string[],
  nonce: string,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const meta = user.raw_user_meta_data ?? {};
  const claims: Record<string, unknown> = {
    iss: `${backend.url}/auth/v1`,
    sub: user.id,
    aud: clientId,
    exp: now + ID_TOKEN_SECONDS,
    iat: now,
  };
  if (nonce) claims.nonce = nonce;
  claims.auth_time = Math.floor((user.last_sign_in_at?.getTime() ?? Date.now()) / 1000);
  if (scopes.includes("email")) {
    if (user.email) claims.email = user.email;
    claims.email_verified = user.email_confirmed_at !== null;
  } else {
    claims.email_verified = false;
  }
  if (scopes.includes("phone")) {
    if (user.phone) claims.phone_number = user.phone;
    claims.phone_number_verified = user.phone_confirmed_at !== null;
  } else {
    claims.phone_number_verified = false;
  }
  if (scopes.includes("profile")) {
    const name = text(meta.name) ?? text(user.email);
    if (name) claims.name = name;
    const picture = text(meta.picture) ?? text(meta.avatar_url);
    if (picture) claims.picture = picture;
    claims.updated_at = Math.floor(user.updated_at.getTime() / 1000);
    const username = text(meta.preferred_username) ?? text(meta.username);
    if (username) claims.preferred_username = username;
  }
  claims.client_id = clientId;
  return backend.keys.sign(claims);
}
