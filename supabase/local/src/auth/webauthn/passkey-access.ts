import type { AuthContext, Queryable } from "../context";
import { forbidden, notFound } from "../errors";
import { requireUser, type Authenticated } from "../guard";
import { isUuid } from "../params";

/** GoTrue's requirePasskeyEnabled: every /passkeys route answers 404 while passkeys are off. */
export function requirePasskeys(c: AuthContext): void {
  if (!c.backend.config.auth.webauthn.passkey.enabled)
    throw notFound("passkey_disabled", "Passkeys are disabled");
}

/** The signed-in caller of a /passkeys route, checked after the switch as GoTrue orders it. */
export async function passkeyCaller(
  c: AuthContext,
  { allowAnonymous }: { allowAnonymous: boolean },
): Promise<Authenticated> {
  requirePasskeys(c);
  const a = await requireUser(c);
  if (!allowAnonymous && a.claims.is_anonymous === true)
    throw forbidden("no_authorization", "Anonymous user not allowed to perform these actions");
  return a;
}

/**
 * Adding or removing a passkey needs an aal2 session once the user has a verified MFA factor;
 * without one their highest level is aal1, so nothing more can be asked.
 */
export async function requireManagementAal(db: Queryable, a: Authenticated): Promise<void> {
  const { rows } = await db.query(
    "select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1",
    [a.user.id],
  );
  if (rows.length && a.session?.aal !== "aal2")
    throw forbidden(
      "insufficient_aal",
      "AAL2 session is required to manage passkeys when MFA is enabled",
    );
}

export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: Uint8Array;
  public_key: Uint8Array;
  sign_count: string | number;
  transports: string[];
  friendly_name: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** GoTrue's PasskeyListItem. */
export function passkeyJson(p: PasskeyRow): Record<string, unknown> {
  return {
    id: p.id,
    ...(p.friendly_name ? { friendly_name: p.friendly_name } : {}),
    created_at: p.created_at,
    ...(p.last_used_at ? { last_used_at: p.last_used_at } : {}),
  };
}

export async function passkeysOf(db: Queryable, userId: string): Promise<PasskeyRow[]> {
  const { rows } = await db.query<PasskeyRow>(
    "select * from auth.webauthn_credentials where user_id = $1 order by created_at",
    [userId],
  );
  return rows;
}

/** One of the user's passkeys by its id in the path; GoTrue answers 404 for anything else. */
export async function ownPasskey(db: Queryable, userId: string, id: string): Promise<PasskeyRow> {
  const row = isUuid(id)
    ? (
        await db.query<PasskeyRow>(
          "select * from auth.webauthn_credentials where id = $1 and user_id = $2",
          [id, userId],
        )
      ).rows[0]
    : undefined;
  if (!row) throw notFound("validation_failed", "Passkey not found");
  return row;
}
