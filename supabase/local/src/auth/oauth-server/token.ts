import { createHash, timingSafeEqual } from "node:crypto";
import { json } from "../../http";
import type { AuthContext } from "../context";
import { OAuthError } from "../errors";
import { refreshSession } from "../refresh";
import { grantInfo, issueSession } from "../sessions";
import { findUserById, isBanned } from "../users";
import { authenticateClient, readTokenBody, type TokenBody } from "./client-auth";
import { grantTypesOf, type ClientRow } from "./clients";
import { requireEnabled } from "./enabled";
import { idToken } from "./id-token";
import { parseScopes } from "./scopes";

const grantError = (description: string) => new OAuthError("invalid_grant", description);

interface CodeRow {
  id: string;
  client_id: string;
  user_id: string | null;
  redirect_uri: string;
  scope: string;
  resource: string | null;
  code_challenge: string | null;
  code_challenge_method: string | null;
  nonce: string | null;
  expires_at: Date;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** security.VerifyPKCEChallenge, in GoTrue's words. */
function pkceProblem(row: CodeRow, verifier: string): string | null {
  if (!row.code_challenge) return null;
  if (!verifier) return "code_verifier is required when PKCE challenge is present";
  const method = (row.code_challenge_method ?? "").toLowerCase();
  if (method !== "s256" && method !== "plain") return "code challenge method not supported";
  const computed =
    method === "s256" ? createHash("sha256").update(verifier).digest("base64url") : verifier;
  return same(computed, row.code_challenge)
    ? null
    : "code challenge does not match previously saved code verifier";
}

/** The OAuth token response: a Go map, so its keys come out sorted, and no user in it. */
function tokenResponse(session: Record<string, unknown>, extra: Record<string, string> = {}) {
  const out: Record<string, unknown> = {
    access_token: session.access_token,
    expires_in: session.expires_in,
    ...extra,
    refresh_token: session.refresh_token,
    token_type: session.token_type,
  };
  return json(out);
}

async function authorizationCodeGrant(c: AuthContext, client: ClientRow, p: TokenBody["fields"]) {
  const code = (p.code as string | undefined) ?? "";
  if (!code)
    throw new OAuthError("invalid_request", "code is required for authorization_code grant");
  const db = c.backend.db;
  const { rows } = await db.query<CodeRow>(
    "select * from auth.oauth_authorizations where authorization_code = $1 and status = 'approved'",
    [code],
  );
  const row = rows[0];
  if (!row) throw grantError("Invalid authorization code");
  if (row.expires_at.getTime() < Date.now()) throw grantError("Authorization code has expired");
  if (row.client_id !== client.id)
    throw grantError("Authorization code was not issued for this client");
  const resource = (p.resource as string | undefined) ?? "";
  if (resource && resource !== (row.resource ?? ""))
    throw grantError("Authorization code resource does not match the resource parameter");
  const redirectUri = (p.redirect_uri as string | undefined) ?? "";
  if (redirectUri && redirectUri !== row.redirect_uri) throw grantError("Invalid redirect_uri");
  const pkce = pkceProblem(row, (p.code_verifier as string | undefined) ?? "");
  if (pkce) throw grantError(`PKCE verification failed: ${pkce}`);
  if (!row.user_id) throw grantError("Authorization code has no associated user");
  const user = await findUserById(db, row.user_id);
  if (!user) throw grantError("User not found for authorization code");
  if (isBanned(user)) throw new OAuthError("access_denied", "User is banned");

  const session = await db.transaction(async (tx) => {
    // A code is single use: whoever deletes its row first gets the tokens.
    const taken = await tx.query(
      "delete from auth.oauth_authorizations where id = $1 returning id",
      [row.id],
    );
    if (!taken.rows.length) throw grantError("Invalid authorization code");
    return issueSession(tx, c.backend, user.id, "oauth_provider/authorization_code", {
      ...grantInfo(c.req, c.ip),
      oauthClientId: client.id,
      scopes: row.scope,
    });
  });
  const scopes = parseScopes(row.scope);
  if (!scopes.includes("openid")) return tokenResponse(session);
  const fresh = (await findUserById(db, user.id)) ?? user;
  const token = await idToken(c.backend, fresh, client.id, scopes, row.nonce ?? "");
  return tokenResponse(session, { id_token: token });
}

async function refreshTokenGrant(c: AuthContext, client: ClientRow, p: TokenBody["fields"]) {
  const refreshToken = (p.refresh_token as string | undefined) ?? "";
  if (!refreshToken)
    throw new OAuthError("invalid_request", "refresh_token is required for refresh_token grant");
  return tokenResponse(await refreshSession(c, refreshToken, client.id));
}

const TOKEN_FIELDS = [
  "grant_type",
  "code",
  "refresh_token",
  "redirect_uri",
  "code_verifier",
  "resource",
];

/** POST /oauth/token: authorization_code (with PKCE) and refresh_token, for registered clients. */
export async function oauthToken(c: AuthContext): Promise<Response> {
  requireEnabled(c);
  const body = await readTokenBody(c.req, c.url);
  const client = await authenticateClient(c.req, body, c.backend.db);
  if (body.malformed) throw new OAuthError("invalid_request", "Invalid JSON body");
  const p = body.fields;
  for (const key of TOKEN_FIELDS) {
    const v = p[key];
    if (v !== undefined && v !== null && typeof v !== "string")
      throw new OAuthError("invalid_request", "Invalid JSON body");
  }
  // GoTrue reads `resource` from a JSON body only.
  if (!body.json) delete p.resource;
  const grant = (p.grant_type as string | undefined) ?? "";
  if (!grant) throw new OAuthError("invalid_request", "grant_type is required");
  if (!grantTypesOf(client).includes(grant))
    throw new OAuthError(
      "unsupported_grant_type",
      `Client is not allowed to use grant type: ${grant}`,
    );
  if (grant === "authorization_code") return authorizationCodeGrant(c, client, p);
  if (grant === "refresh_token") return refreshTokenGrant(c, client, p);
  throw new OAuthError("unsupported_grant_type", `Unsupported grant type: ${grant}`);
}
