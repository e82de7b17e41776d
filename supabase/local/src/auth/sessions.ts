import { randomUUID } from "node:crypto";
import type { Backend } from "../http";
import type { Queryable } from "./context";
import { badRequest } from "./errors";
import { refreshTokenString } from "./secrets";
import { findUserById, userJson, type UserRow } from "./users";

/** Methods recorded in auth.mfa_amr_claims that make a session aal2. */
const SECOND_FACTORS = new Set(["totp", "mfa/phone", "mfa/webauthn"]);

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  updated_at: Date;
  factor_id: string | null;
  aal: string | null;
  not_after: Date | null;
}

export interface GrantInfo {
  userAgent?: string | null;
  ip?: string | null;
  /** The OAuth client the session is issued to, with the scopes the user granted it. */
  oauthClientId?: string;
  scopes?: string;
}

export async function findSession(db: Queryable, id: string): Promise<SessionRow | null> {
  return (
    (await db.query<SessionRow>("select * from auth.sessions where id = $1", [id])).rows[0] ?? null
  );
}

/** Adds (or refreshes the time of) an authentication method on the session. */
export async function addAmrClaim(db: Queryable, sessionId: string, method: string): Promise<void> {
  await db.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, now(), now(), $3)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [randomUUID(), sessionId, method],
  );
}

async function aalAndAmr(db: Queryable, sessionId: string) {
  const { rows } = await db.query<{ authentication_method: string; updated_at: Date }>(
    "select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc",
    [sessionId],
  );
  const amr = rows.map((r) => ({
    method: r.authentication_method,
    timestamp: Math.floor(r.updated_at.getTime() / 1000),
  }));
  const aal = rows.some((r) => SECOND_FACTORS.has(r.authentication_method)) ? "aal2" : "aal1";
  return { aal, amr };
}

/** A session an OAuth client holds names the client and the scopes granted to it in its tokens. */
async function oauthClaims(db: Queryable, sessionId: string): Promise<Record<string, string>> {
  const { rows } = await db.query<{ oauth_client_id: string | null; scopes: string | null }>(
    "select oauth_client_id, scopes from auth.sessions where id = $1",
    [sessionId],
  );
  const claims: Record<string, string> = {};
  if (rows[0]?.oauth_client_id) claims.client_id = rows[0].oauth_client_id;
  if (rows[0]?.scopes) claims.scope = rows[0].scopes;
  return claims;
}

/** Signs the access token with the claims hosted Supabase puts in it. */
export async function accessToken(
  db: Queryable,
  backend: Backend,
  user: UserRow,
  sessionId: string,
): Promise<{ token: string; expiresAt: number; expiresIn: number }> {
  const { aal, amr } = await aalAndAmr(db, sessionId);
  const oauth = await oauthClaims(db, sessionId);
  const now = Math.floor(Date.now() / 1000);
  const expiresIn = backend.config.auth.jwtExpiry;
  const token = await backend.keys.sign({
    iss: `${backend.url}/auth/v1`,
    sub: user.id,
    aud: user.aud || "authenticated",
    exp: now + expiresIn,
    iat: now,
    email: user.email ?? "",
    phone: user.phone ?? "",
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role || "authenticated",
    aal,
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
    ...oauth,
  });
  return { token, expiresAt: now + expiresIn, expiresIn };
}

/** The token response of /token, /verify and friends (GoTrue's AccessTokenResponse). */
export async function sessionResponse(
  db: Queryable,
  backend: Backend,
  userId: string,
  sessionId: string,
  refreshToken: string,
): Promise<Record<string, unknown>> {
  const user = await findUserById(db, userId);
  if (!user) throw new Error(`user ${userId} vanished while issuing a session`);
  const { token, expiresAt, expiresIn } = await accessToken(db, backend, user, sessionId);
  return {
    access_token: token,
    token_type: "bearer",
    expires_in: expiresIn,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: await userJson(db, user),
  };
}

export async function insertRefreshToken(
  db: Queryable,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = refreshTokenString();
  await db.query(
    `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, false, now(), now(), $3, $4)`,
    [token, userId, parent, sessionId],
  );
  return token;
}

/** Starts a new session for the user (sign-in of any kind); call inside a transaction. */
export async function issueSession(
  db: Queryable,
  backend: Backend,
  userId: string,
  method: string,
  grant: GrantInfo = {},
): Promise<Record<string, unknown>> {
  const sessionId = randomUUID();
  await db.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip, oauth_client_id, scopes)
     values ($1, $2, now(), now(), 'aal1', $3, $4, $5, $6)`,
    [
      sessionId,
      userId,
      grant.userAgent ?? null,
      grant.ip ?? null,
      grant.oauthClientId ?? null,
      grant.scopes ?? null,
    ],
  );
  await addAmrClaim(db, sessionId, method);
  await db.query(
    "update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1",
    [userId],
  );
  await db.query("update auth.identities set last_sign_in_at = now() where user_id = $1", [userId]);
  const refreshToken = await insertRefreshToken(db, userId, sessionId, null);
  return sessionResponse(db, backend, userId, sessionId, refreshToken);
}

/** Replaces the session's active refresh token with a new child (MFA verify does this). */
export async function rotateActiveToken(
  db: Queryable,
  userId: string,
  sessionId: string,
): Promise<string> {
  const { rows } = await db.query<{ token: string }>(
    `update auth.refresh_tokens set revoked = true, updated_at = now()
     where session_id = $1 and revoked = false returning token`,
    [sessionId],
  );
  if (!rows.length) {
    const revoked = await db.query(
      "select 1 from auth.refresh_tokens where session_id = $1 limit 1",
      [sessionId],
    );
    // A session whose every token was revoked by reuse detection never gets a new one.
    if (revoked.rows.length)
      throw badRequest("refresh_token_already_used", "Invalid Refresh Token: Already Used");
  }
  return insertRefreshToken(db, userId, sessionId, rows.at(-1)?.token ?? null);
}

export function grantInfo(req: Request, ip: string): GrantInfo {
  return { userAgent: req.headers.get("user-agent"), ip: /^[0-9a-f.:]+$/i.test(ip) ? ip : null };
}
