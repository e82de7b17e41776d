import { json } from "../../http";
import type { AuthContext } from "../context";
import { requireEnabled } from "./enabled";
import { SUPPORTED_SCOPES } from "./scopes";

/**
 * RFC 8414 / OpenID Connect discovery, one document for both as GoTrue serves it. The OpenID path
 * answers whether or not the OAuth server is on; the RFC 8414 path only when it is.
 */
export async function openIdConfiguration(c: AuthContext): Promise<Response> {
  const issuer = `${c.backend.url}/auth/v1`;
  const doc: Record<string, unknown> = {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    userinfo_endpoint: `${issuer}/oauth/userinfo`,
  };
  const { enabled, allowDynamicRegistration } = c.backend.config.auth.oauthServer;
  if (enabled && allowDynamicRegistration)
    doc.registration_endpoint = `${issuer}/oauth/clients/register`;
  Object.assign(doc, {
    scopes_supported: SUPPORTED_SCOPES,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256", "HS256", "ES256"],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
    claims_supported: [
      "sub",
      "aud",
      "iss",
      "exp",
      "iat",
      "auth_time",
      "nonce",
      "email",
      "email_verified",
      "phone_number",
      "phone_number_verified",
      "name",
      "picture",
      "preferred_username",
      "updated_at",
    ],
    code_challenge_methods_supported: ["S256", "plain"],
  });
  return json(doc, 200, { "cache-control": "public, max-age=600" });
}

export async function authorizationServerMetadata(c: AuthContext): Promise<Response> {
  requireEnabled(c);
  return openIdConfiguration(c);
}
