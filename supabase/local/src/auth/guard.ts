import { CallerError } from "../keys/keys";
import type { AuthContext, Queryable } from "./context";
import { AuthError, forbidden, unauthorized } from "./errors";
import { isUuid } from "./params";
import { findSession, type SessionRow } from "./sessions";
import { findUserById, isBanned, type UserRow } from "./users";

export interface Authenticated {
  user: UserRow;
  session: SessionRow | null;
  claims: Record<string, unknown>;
}

function bearer(req: Request): string {
  const header = req.headers.get("authorization") ?? "";
  const m = /^bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) throw unauthorized("no_authorization", "This endpoint requires a valid Bearer token");
  return m[1];
}

async function claimsOf(c: AuthContext, token: string): Promise<Record<string, unknown>> {
  try {
    return await c.backend.keys.verify(token);
  } catch (err) {
    if (err instanceof CallerError) {
      throw forbidden(
        "bad_jwt",
        `invalid JWT: unable to parse or verify signature, ${err.message}`,
      );
    }
    throw err;
  }
}

/** GoTrue's requireAuthentication: a valid user access token whose user and session still exist. */
export async function requireUser(
  c: AuthContext,
  db: Queryable = c.backend.db,
): Promise<Authenticated> {
  const token = bearer(c.req);
  if (token.startsWith("sb_")) throw forbidden("bad_jwt", "invalid claim: missing sub claim");
  const claims = await claimsOf(c, token);
  const sub = typeof claims.sub === "string" ? claims.sub : "";
  if (!sub) throw forbidden("bad_jwt", "invalid claim: missing sub claim");
  if (!isUuid(sub)) throw new AuthError(400, "bad_jwt", "invalid claim: sub claim must be a UUID");
  const user = await findUserById(db, sub);
  if (!user) throw forbidden("user_not_found", "User from sub claim in JWT does not exist");
  if (isBanned(user)) throw forbidden("user_banned", "User is banned");
  let session: SessionRow | null = null;
  if (typeof claims.session_id === "string" && claims.session_id) {
    if (!isUuid(claims.session_id))
      throw forbidden("bad_jwt", "invalid claim: session_id claim must be a UUID");
    session = await findSession(db, claims.session_id);
    if (!session || session.user_id !== user.id) {
      throw forbidden("session_not_found", "Session from session_id claim in JWT does not exist");
    }
  }
  return { user, session, claims };
}

const ADMIN_ROLES = new Set(["service_role", "supabase_admin"]);

/** GoTrue's requireAdminCredentials: the secret key, or a JWT whose role is an admin role. */
export async function requireAdmin(c: AuthContext): Promise<void> {
  const token = bearer(c.req);
  let role: string;
  try {
    const caller = await c.backend.keys.resolveCaller(c.req.headers);
    role = caller.role;
  } catch (err) {
    if (err instanceof CallerError && err.kind === "invalid_api_key") {
      throw unauthorized("no_authorization", "Invalid API key");
    }
    if (err instanceof CallerError)
      throw forbidden(
        "bad_jwt",
        `invalid JWT: unable to parse or verify signature, ${err.message}`,
      );
    throw err;
  }
  if (!token || !ADMIN_ROLES.has(role)) throw forbidden("not_admin", "User not allowed");
}
