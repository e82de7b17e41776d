import { json } from "../../http";
import type { AuthContext } from "../context";
import { badRequest, notFound } from "../errors";
import { requireUser, type Authenticated } from "../guard";
import { isUuid } from "../params";
import { requireEnabled } from "./enabled";
import { parseScopes } from "./scopes";

interface GrantRow {
  client_id: string;
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
  scopes: string;
  granted_at: Date;
}

/** GET /user/oauth/grants: the clients the caller has consented to, newest consent first. */
export async function listGrants(c: AuthContext, { user }: Authenticated): Promise<Response> {
  requireEnabled(c);
  const { rows } = await c.backend.db.query<GrantRow>(
    `select k.id as client_id, k.client_name, k.client_uri, k.logo_uri, g.scopes, g.granted_at
     from auth.oauth_consents g join auth.oauth_clients k on k.id = g.client_id and k.deleted_at is null
     where g.user_id = $1 and g.revoked_at is null order by g.granted_at desc`,
    [user.id],
  );
  return json(
    rows.map((r) => {
      const client: Record<string, string> = { id: r.client_id };
      if (r.client_name) client.name = r.client_name;
      if (r.client_uri) client.uri = r.client_uri;
      if (r.logo_uri) client.logo_uri = r.logo_uri;
      return { client, scopes: parseScopes(r.scopes), granted_at: r.granted_at };
    }),
  );
}

/** DELETE /user/oauth/grants?client_id=…: revokes the consent and ends that client's sessions. */
export async function revokeGrant(c: AuthContext, caller: Authenticated): Promise<Response> {
  requireEnabled(c);
  const clientId = c.url.searchParams.get("client_id") ?? "";
  if (!clientId) throw badRequest("validation_failed", "client_id query parameter is required");
  if (!isUuid(clientId)) throw badRequest("validation_failed", "invalid client_id format");
  const userId = caller.user.id;
  const revoked = await c.backend.db.transaction(async (tx) => {
    const { rows } = await tx.query(
      "update auth.oauth_consents set revoked_at = now() where user_id = $1 and client_id = $2 and revoked_at is null returning id",
      [userId, clientId],
    );
    if (!rows.length) return false;
    await tx.query("delete from auth.sessions where user_id = $1 and oauth_client_id = $2", [
      userId,
      clientId,
    ]);
    return true;
  });
  if (!revoked) throw notFound("oauth_consent_not_found", "No active grant found for this client");
  return new Response(null, { status: 204 });
}

/** GET /oauth/userinfo: the OpenID Connect claims the session's granted scopes allow. */
export async function userInfo(c: AuthContext): Promise<Response> {
  requireEnabled(c);
  const { user, session } = await requireUser(c);
  const info: Record<string, unknown> = { sub: user.id };
  if (!session) return json(info);
  const scopes = parseScopes(
    (
      await c.backend.db.query<{ scopes: string | null }>(
        "select scopes from auth.sessions where id = $1",
        [session.id],
      )
    ).rows[0]?.scopes,
  );
  const meta = user.raw_user_meta_data ?? {};
  const text = (v: unknown) => (typeof v === "string" && v ? v : undefined);
  if (scopes.includes("email")) {
    if (user.email) info.email = user.email;
    if (user.email_confirmed_at) info.email_verified = true;
  }
  if (scopes.includes("profile")) {
    const name = text(meta.name) ?? text(user.email);
    if (name) info.name = name;
    const picture = text(meta.picture) ?? text(meta.avatar_url);
    if (picture) info.picture = picture;
    const username = text(meta.preferred_username) ?? text(meta.username);
    if (username) info.preferred_username = username;
    info.updated_at = Math.floor(user.updated_at.getTime() / 1000);
    info.user_metadata = meta;
  }
  if (scopes.includes("phone")) {
    if (user.phone) info.phone = user.phone;
    if (user.phone_confirmed_at) info.phone_verified = true;
  }
  // A Go map: its keys come out sorted.
  return json(Object.fromEntries(Object.entries(info).sort(([a], [b]) => (a < b ? -1 : 1))));
}
