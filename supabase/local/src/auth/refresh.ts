import type { Transaction } from "../database/db";
import { json } from "../http";
import type { AuthContext } from "./context";
import { badRequest, OAuthError, type AuthError } from "./errors";
import { readParams, str } from "./params";
import { insertRefreshToken, sessionResponse } from "./sessions";
import { isBanned, findUserById } from "./users";

interface TokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date;
  parent: string | null;
  session_id: string | null;
  not_after: Date | null;
  oauth_client_id: string | null;
  session_exists: boolean;
}

type Outcome = { ok: Record<string, unknown> } | { error: AuthError | OAuthError };

/**
 * Rotation as GoTrue does it, in one transaction so concurrent refreshes with the same token
 * are serialised: the first rotates, the others see a revoked token whose child is the active
 * one and get that child back. A revoked token reused after the reuse interval revokes every
 * token of the session, and that revocation is kept even though the request fails.
 */
async function rotate(
  tx: Transaction,
  c: AuthContext,
  refreshToken: string,
  clientId: string | null,
): Promise<Outcome> {
  const { rows } = await tx.query<TokenRow>(
    `select t.id::text, t.token, t.user_id, t.revoked, t.updated_at, t.parent, t.session_id, s.not_after,
            s.oauth_client_id, (s.id is not null) as session_exists
     from auth.refresh_tokens t left join auth.sessions s on s.id = t.session_id
     where t.token = $1`,
    [refreshToken],
  );
  const row = rows[0];
  if (!row)
    return {
      error: badRequest(
        "refresh_token_not_found",
        "Invalid Refresh Token: Refresh Token Not Found",
      ),
    };
  const user = await findUserById(tx, row.user_id);
  if (!user)
    return {
      error: badRequest(
        "refresh_token_not_found",
        "Invalid Refresh Token: Refresh Token Not Found",
      ),
    };
  if (isBanned(user))
    return { error: badRequest("user_banned", "Invalid Refresh Token: User Banned") };
  if (!row.session_exists || !row.session_id) {
    return {
      error: badRequest("session_not_found", "Invalid Refresh Token: No Valid Session Found"),
    };
  }
  if (row.not_after && row.not_after.getTime() < Date.now()) {
    return { error: badRequest("session_expired", "Invalid Refresh Token: Session Expired") };
  }
  const sessionId = row.session_id;
  let issued: string | null = null;
  // A session an OAuth client holds refreshes only through that client, and no other session does.
  if (row.oauth_client_id && !clientId)
    return {
      error: new OAuthError("invalid_client", "Client authentication required for OAuth session"),
    };
  if (row.oauth_client_id && clientId !== row.oauth_client_id)
    return {
      error: new OAuthError("invalid_client", "Client does not match the session's OAuth client"),
    };
  if (!row.oauth_client_id && clientId)
    return {
      error: new OAuthError(
        "invalid_client",
        "Client authentication not allowed for non-OAuth session",
      ),
    };

  if (row.revoked) {
    const active = (
      await tx.query<{ token: string; parent: string | null }>(
        "select token, parent from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1",
        [sessionId],
      )
    ).rows[0];
    if (!active) {
      // Every token of the session is revoked only once reuse was detected: that ends the
      // session for good, even for its newest token within the reuse interval.
      return {
        error: badRequest("refresh_token_already_used", "Invalid Refresh Token: Already Used"),
      };
    }
    if (active.parent === row.token) {
      issued = active.token;
    } else {
      const reuseUntil =
        row.updated_at.getTime() + c.backend.config.auth.refreshTokenReuseInterval * 1000;
      if (Date.now() > reuseUntil) {
        if (c.backend.config.auth.enableRefreshTokenRotation) {
          await tx.query(
            "update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1",
            [sessionId],
          );
        }
        return {
          error: badRequest("refresh_token_already_used", "Invalid Refresh Token: Already Used"),
        };
      }
    }
  }
  if (!issued) {
    await tx.query(
      "update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1",
      [row.token],
    );
    issued = await insertRefreshToken(tx, user.id, sessionId, row.token);
  }
  await tx.query(
    "update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now() where id = $1",
    [sessionId],
  );
  return { ok: await sessionResponse(tx, c.backend, user.id, sessionId, issued) };
}

/** POST /token?grant_type=refresh_token */
export async function refreshTokenGrant(c: AuthContext): Promise<Response> {
  const p = await readParams(c.req);
  const refreshToken = str(p, "refresh_token");
  if (!refreshToken) throw new OAuthError("invalid_request", "refresh_token required");
  return json(await refreshSession(c, refreshToken, null));
}

/** Rotates a refresh token for the caller, an OAuth client (its id) or a first-party app (null). */
export async function refreshSession(
  c: AuthContext,
  refreshToken: string,
  clientId: string | null,
): Promise<Record<string, unknown>> {
  const outcome = await c.backend.db.transaction((tx) => rotate(tx, c, refreshToken, clientId));
  if ("error" in outcome) throw outcome.error;
  return outcome.ok;
}
