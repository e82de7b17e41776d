import { json } from "../../http";
import type { AuthContext } from "../context";
import { badRequest } from "../errors";
import { loadUser } from "../admin-users";
import { readParams, str } from "../params";
import {
  ownPasskey,
  passkeyCaller,
  passkeyJson,
  passkeysOf,
  requireManagementAal,
} from "./passkey-access";

/** GET /passkeys: the caller's passkeys, oldest first. */
export async function listPasskeys(c: AuthContext): Promise<Response> {
  const a = await passkeyCaller(c, { allowAnonymous: true });
  return json((await passkeysOf(c.backend.db, a.user.id)).map(passkeyJson));
}

/** PATCH /passkeys/{id}: renames one of the caller's passkeys. */
export async function updatePasskey(c: AuthContext): Promise<Response> {
  const a = await passkeyCaller(c, { allowAnonymous: true });
  const passkey = await ownPasskey(c.backend.db, a.user.id, c.params.id);
  const name = str(await readParams(c.req), "friendly_name");
  if (!name) throw badRequest("validation_failed", "friendly_name is required");
  if (name.length > 120)
    throw badRequest("validation_failed", "friendly_name must be 120 characters or less");
  const { rows } = await c.backend.db.query<typeof passkey>(
    `update auth.webauthn_credentials set friendly_name = $2, updated_at = now()
     where id = $1 returning *`,
    [passkey.id, name],
  );
  return json(passkeyJson(rows[0]));
}

/** DELETE /passkeys/{id}: removes one of the caller's passkeys (aal2 once MFA is on). */
export async function deletePasskey(c: AuthContext): Promise<Response> {
  const a = await passkeyCaller(c, { allowAnonymous: true });
  await requireManagementAal(c.backend.db, a);
  const passkey = await ownPasskey(c.backend.db, a.user.id, c.params.id);
  await c.backend.db.query("delete from auth.webauthn_credentials where id = $1", [passkey.id]);
  return new Response(null, { status: 204 });
}

/** GET /admin/users/{id}/passkeys */
export async function adminListPasskeys(c: AuthContext): Promise<Response> {
  const user = await loadUser(c.backend.db, c.params.id);
  return json((await passkeysOf(c.backend.db, user.id)).map(passkeyJson));
}

/** DELETE /admin/users/{id}/passkeys/{passkeyId} */
export async function adminDeletePasskey(c: AuthContext): Promise<Response> {
  const user = await loadUser(c.backend.db, c.params.id);
  const passkey = await ownPasskey(c.backend.db, user.id, c.params.passkeyId);
  await c.backend.db.query("delete from auth.webauthn_credentials where id = $1", [passkey.id]);
  return new Response(null, { status: 204 });
}
