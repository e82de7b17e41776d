import { randomUUID } from "node:crypto";
import type { Transaction } from "../../database/db";
import { json } from "../../http";
import type { AuthContext } from "../context";
import { AuthError, badRequest, notFound } from "../errors";
import { requireUser } from "../guard";
import { isRedirectAllowed } from "../redirect";
import { findClient } from "./clients";
import { readJsonObject } from "./body";
import { requireEnabled } from "./enabled";
import { errorRedirect, withQuery } from "./redirects";
import { parseScopes } from "./scopes";

interface AuthorizationRow {
  id: string;
  authorization_id: string;
  client_id: string;
  user_id: string | null;
  redirect_uri: string;
  scope: string;
  state: string | null;
  status: "pending" | "approved" | "denied" | "expired";
  authorization_code: string | null;
  expires_at: Date;
}

const NOT_FOUND = () => notFound("oauth_authorization_not_found", "authorization not found");

/** The consent page is on the site: a browser request from any other origin is refused. */
function checkOrigin(c: AuthContext): void {
  const origin = c.req.headers.get("origin");
  if (origin && !isRedirectAllowed(c.backend.config.auth, origin))
    throw badRequest("validation_failed", "unauthorized request origin");
}

/** Signed-in routes under /oauth: the server must be on before the caller is even looked at. */
async function signedIn(c: AuthContext) {
  requireEnabled(c);
  const caller = await requireUser(c);
  checkOrigin(c);
  return caller;
}

/**
 * The pending request, locked for this transaction. An expired one is marked so (and that mark is
 * kept) but answers as not found.
 */
async function pending(tx: Transaction, id: string, notPendingMessage: string) {
  const { rows } = await tx.query<AuthorizationRow>(
    "select * from auth.oauth_authorizations where authorization_id = $1 limit 1 for update",
    [id],
  );
  const auth = rows[0];
  if (!auth) return { error: NOT_FOUND() };
  if (auth.expires_at.getTime() < Date.now()) {
    if (auth.status === "pending")
      await tx.query("update auth.oauth_authorizations set status = 'expired' where id = $1", [
        auth.id,
      ]);
    return { error: NOT_FOUND() };
  }
  if (auth.status !== "pending")
    return { error: badRequest("validation_failed", notPendingMessage) };
  return { auth };
}

async function approve(tx: Transaction, auth: AuthorizationRow): Promise<string> {
  const code = randomUUID();
  await tx.query(
    "update auth.oauth_authorizations set status = 'approved', approved_at = now(), authorization_code = $2 where id = $1",
    [auth.id, code],
  );
  return withQuery(auth.redirect_uri, { code, state: auth.state ?? undefined });
}

/** Runs `fn` in a transaction whose own error answer still commits what it wrote. */
async function inTransaction<T>(
  c: AuthContext,
  fn: (tx: Transaction) => Promise<T | { error: AuthError }>,
) {
  const out = await c.backend.db.transaction(fn);
  if (out && typeof out === "object" && "error" in out && out.error instanceof AuthError)
    throw out.error;
  return out as T;
}

/**
 * GET /oauth/authorizations/{id}: what the consent page shows. The first signed-in user to open
 * a request owns it; a user who already granted every requested scope is sent straight back.
 */
export async function authorizationDetails(c: AuthContext): Promise<Response> {
  const { user } = await signedIn(c);
  const result = await inTransaction(c, async (tx) => {
    const found = await pending(tx, c.params.id, "authorization request cannot be processed");
    if (!found.auth) return found;
    const auth = found.auth;
    if (auth.user_id === null) {
      await tx.query("update auth.oauth_authorizations set user_id = $2 where id = $1", [
        auth.id,
        user.id,
      ]);
      const consent = await tx.query<{ scopes: string }>(
        "select scopes from auth.oauth_consents where user_id = $1 and client_id = $2 and revoked_at is null",
        [user.id, auth.client_id],
      );
      const granted = parseScopes(consent.rows[0]?.scopes);
      const requested = parseScopes(auth.scope);
      if (consent.rows[0] && requested.every((s) => granted.includes(s)))
        return { redirect: await approve(tx, auth) };
    } else if (auth.user_id !== user.id) {
      return { error: NOT_FOUND() };
    }
    return { auth };
  });
  if ("redirect" in result) return json({ redirect_url: result.redirect });
  const auth = result.auth as AuthorizationRow;
  const client = await findClient(c.backend.db, auth.client_id);
  if (!client) throw NOT_FOUND();
  const clientDetails: Record<string, string> = { id: client.id };
  if (client.client_name) clientDetails.name = client.client_name;
  if (client.client_uri) clientDetails.uri = client.client_uri;
  if (client.logo_uri) clientDetails.logo_uri = client.logo_uri;
  return json({
    authorization_id: auth.authorization_id,
    redirect_uri: auth.redirect_uri,
    client: clientDetails,
    user: user.email ? { id: user.id, email: user.email } : { id: user.id },
    scope: auth.scope,
  });
}

/** POST /oauth/authorizations/{id}/consent: the owner approves or denies the request. */
export async function consent(c: AuthContext): Promise<Response> {
  const { user } = await signedIn(c);
  const body = await readJsonObject(c.req, "invalid JSON body");
  if (body.action !== undefined && body.action !== null && typeof body.action !== "string")
    throw badRequest("bad_json", "invalid JSON body");
  const action = body.action;
  if (action !== "approve" && action !== "deny")
    throw badRequest("validation_failed", "action must be 'approve' or 'deny'");
  const redirectUrl = await inTransaction(c, async (tx) => {
    const found = await pending(tx, c.params.id, "authorization request is no longer pending");
    if (!found.auth) return found;
    const auth = found.auth;
    if (auth.user_id !== user.id) return { error: NOT_FOUND() };
    if (action === "deny") {
      await tx.query("update auth.oauth_authorizations set status = 'denied' where id = $1", [
        auth.id,
      ]);
      return errorRedirect(
        auth.redirect_uri,
        "access_denied",
        "User denied the request",
        auth.state ?? "",
      );
    }
    const redirect = await approve(tx, auth);
    // One consent per user and client; approving again replaces its scopes and un-revokes it.
    // A scope asked for twice is stored once, so a padded request cannot overflow the column.
    await tx.query(
      `insert into auth.oauth_consents (id, user_id, client_id, scopes, granted_at)
       values ($1, $2, $3, $4, now())
       on conflict (user_id, client_id) do update set scopes = excluded.scopes, granted_at = now(), revoked_at = null`,
      [randomUUID(), user.id, auth.client_id, [...new Set(parseScopes(auth.scope))].join(" ")],
    );
    return redirect;
  });
  return json({ redirect_url: redirectUrl });
}
