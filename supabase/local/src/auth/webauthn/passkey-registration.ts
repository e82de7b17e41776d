import { json } from "../../http";
import type { AuthContext } from "../context";
import { badRequest, unprocessable } from "../errors";
import type { Authenticated } from "../guard";
import {
  creationOptions,
  isCreationResponse,
  newSession,
  userHandle,
  verifyCreation,
} from "./ceremony";
import { passkeyCaller, passkeysOf, requireManagementAal, type PasskeyRow } from "./passkey-access";
import { consumeChallenge, readVerifyParams, storeChallenge } from "./passkey-challenges";

/** GoTrue's passkey relying party: discoverable credentials, user verification preferred. */
const SELECTION = {
  requireResidentKey: true,
  residentKey: "required",
  userVerification: "preferred",
};

async function registrant(c: AuthContext): Promise<Authenticated> {
  const a = await passkeyCaller(c, { allowAnonymous: false });
  // The row is read whole (select *), so the column GoTrue checks is there.
  if ((a.user as { is_sso_user?: boolean }).is_sso_user)
    throw unprocessable("validation_failed", "SSO users cannot register passkeys");
  await requireManagementAal(c.backend.db, a);
  return a;
}

function tooMany(c: AuthContext, rows: PasskeyRow[]): void {
  if (rows.length >= c.backend.config.auth.webauthn.passkey.maxPerUser)
    throw unprocessable("too_many_passkeys", "Maximum number of passkeys reached");
}

/** POST /passkeys/registration/options: creation options for a new passkey on this account. */
export async function registrationOptions(c: AuthContext): Promise<Response> {
  const a = await registrant(c);
  const existing = await passkeysOf(c.backend.db, a.user.id);
  tooMany(c, existing);
  const { rp } = c.backend.config.auth.webauthn;
  const name = a.user.email || a.user.phone || "";
  const meta = (a.user.raw_user_meta_data ?? {}) as Record<string, unknown>;
  const displayName = typeof meta.name === "string" && meta.name ? meta.name : name;
  const session = newSession(rp, a.user.id, "preferred");
  const exclude = existing.map((p) => ({
    type: "public-key" as const,
    id: Buffer.from(p.credential_id).toString("base64url"),
  }));
  const user = { id: userHandle(a.user.id), name, displayName };
  const options = creationOptions(rp, session, user, exclude, SELECTION, "none");
  const stored = await storeChallenge(c, "registration", a.user.id, session);
  return json({ challenge_id: stored.id, options, expires_at: stored.expiresAt });
}

/** POST /passkeys/registration/verify: checks the new credential and keeps it as a passkey. */
export async function registrationVerify(c: AuthContext): Promise<Response> {
  const a = await registrant(c);
  const { challengeId, credential } = await readVerifyParams(c);
  const db = c.backend.db;
  const session = await consumeChallenge(db, challengeId, "registration", a.user.id);
  if (!isCreationResponse(credential))
    throw badRequest("webauthn_verification_failed", "Invalid credential response");
  const made = await verifyCreation(c.backend.config.auth.webauthn.rp, session, credential);
  if (!made) throw badRequest("webauthn_verification_failed", "Credential verification failed");

  const row = await db.transaction(async (tx) => {
    tooMany(c, await passkeysOf(tx, a.user.id));
    const rawId = Buffer.from(made.id, "base64url");
    const taken = await tx.query(
      "select 1 from auth.webauthn_credentials where credential_id = $1",
      [rawId],
    );
    if (taken.rows.length)
      throw unprocessable("webauthn_credential_exists", "This credential is already registered");
    const { rows } = await tx.query<PasskeyRow>(
      `insert into auth.webauthn_credentials (user_id, credential_id, public_key, attestation_type,
         aaguid, sign_count, transports, backup_eligible, backed_up, friendly_name)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning *`,
      [
        a.user.id,
        rawId,
        Buffer.from(made.publicKey, "base64url"),
        made.fmt,
        made.aaguid,
        made.counter,
        JSON.stringify(made.transports),
        made.backupEligible,
        made.backedUp,
        // GoTrue names a passkey after its authenticator model from a list of well-known AAGUIDs
        // and "Passkey" otherwise; the local backend ships no such list.
        "Passkey",
      ],
    );
    return rows[0];
  });
  return json({ id: row.id, friendly_name: row.friendly_name, created_at: row.created_at });
}
