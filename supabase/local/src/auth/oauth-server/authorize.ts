import { randomBytes, randomUUID } from "node:crypto";
import type { AuthContext } from "../context";
import { badRequest } from "../errors";
import { isUuid } from "../params";
import { findClient, redirectUrisOf } from "./clients";
import { requireEnabled } from "./enabled";
import { errorRedirect, found } from "./redirects";
import { parseScopes, SUPPORTED_SCOPES } from "./scopes";

/** GoTrue's GOTRUE_OAUTH_SERVER_AUTHORIZATION_TTL default: how long a request waits for consent. */
const AUTHORIZATION_TTL_SECONDS = 600;
/** GoTrue's GOTRUE_OAUTH_SERVER_DEFAULT_SCOPE default. */
const DEFAULT_SCOPE = "email";

/** crypto.SecureAlphanumeric(32): lower-case base32 letters and digits. */
function authorizationId(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  return [...randomBytes(32)].map((b) => alphabet[b % 32]).join("");
}

function resourceProblem(resource: string): string | null {
  if (!resource) return null;
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(resource)) return "resource must be an absolute URI";
  if (resource.includes("#")) return "resource must not include a fragment component";
  if (resource.includes("?")) return "resource must not include a query component";
  return null;
}

/** What GoTrue checks once it trusts the redirect URI, so errors can go back to the client. */
function remainingProblem(p: URLSearchParams, scope: string): string | null {
  const responseType = p.get("response_type") || "code";
  if (responseType !== "code") return "only response_type=code is supported";
  if (!scope) return "scope parameter is required";
  const scopes = parseScopes(scope);
  if (scopes.length === 0) return "scope parameter cannot be empty";
  const unsupported = scopes.find((s) => !SUPPORTED_SCOPES.includes(s));
  if (unsupported) return `unsupported scope: ${unsupported}`;
  const resource = resourceProblem(p.get("resource") ?? "");
  if (resource) return resource;
  const challenge = p.get("code_challenge") ?? "";
  const method = (p.get("code_challenge_method") ?? "").toLowerCase();
  if (!challenge || !method)
    return "PKCE flow requires both code_challenge and code_challenge_method";
  if (method !== "s256" && method !== "plain")
    return "code_challenge_method must be 'S256' or 'plain'";
  if (challenge.length < 43 || challenge.length > 128)
    return "code_challenge must be between 43 and 128 characters";
  return null;
}

/**
 * GET /oauth/authorize: records the request and sends the browser to the site's consent page
 * with its authorization_id. Problems with the client or redirect URI are answered here; any
 * other problem goes back to the (now trusted) redirect URI as an RFC 6749 error.
 */
export async function authorize(c: AuthContext): Promise<Response> {
  requireEnabled(c);
  const p = c.url.searchParams;
  const clientId = p.get("client_id") ?? "";
  const redirectUri = p.get("redirect_uri") ?? "";
  const state = p.get("state") ?? "";
  if (!clientId) throw badRequest("validation_failed", "client_id is required");
  if (!redirectUri) throw badRequest("validation_failed", "redirect_uri is required");
  if (!isUuid(clientId)) throw badRequest("oauth_client_not_found", "invalid client_id format");
  const client = await findClient(c.backend.db, clientId);
  if (!client) throw badRequest("oauth_client_not_found", "invalid client_id");
  if (!redirectUrisOf(client).includes(redirectUri))
    throw badRequest("validation_failed", "invalid redirect_uri");

  const scope = p.get("scope") || DEFAULT_SCOPE;
  const problem = remainingProblem(p, scope);
  if (problem) return found(errorRedirect(redirectUri, "invalid_request", problem, state));

  const id = authorizationId();
  const stored = await c.backend.db
    .query(
      `insert into auth.oauth_authorizations (id, authorization_id, client_id, redirect_uri, scope, state,
       resource, code_challenge, code_challenge_method, response_type, status, created_at, expires_at, nonce)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'code', 'pending', now(),
       now() + make_interval(secs => $10), $11)`,
      [
        randomUUID(),
        id,
        client.id,
        redirectUri,
        scope,
        state || null,
        p.get("resource") || null,
        p.get("code_challenge"),
        (p.get("code_challenge_method") ?? "").toLowerCase(),
        AUTHORIZATION_TTL_SECONDS,
        p.get("nonce") || null,
      ],
    )
    .then(
      () => true,
      (err: { code?: string; message?: string }) => {
        // A state, nonce or resource past the table's limits is expected; anything else is logged.
        if (err.code !== "23514") c.backend.log(`oauth authorize: ${err.message ?? String(err)}`);
        return false;
      },
    );
  if (!stored)
    return found(errorRedirect(redirectUri, "server_error", "error creating authorization", state));
  const { siteUrl, oauthServer } = c.backend.config.auth;
  if (!oauthServer.authorizationUrlPath) {
    return found(
      errorRedirect(redirectUri, "server_error", "oauth authorization path not configured", state),
    );
  }
  const path = oauthServer.authorizationUrlPath.startsWith("/")
    ? oauthServer.authorizationUrlPath
    : `/${oauthServer.authorizationUrlPath}`;
  return found(`${siteUrl.replace(/\/+$/, "")}${path}?authorization_id=${id}`);
}
