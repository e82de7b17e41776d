import { randomUUID } from "node:crypto";
import { json } from "../../http";
import type { AuthContext } from "../context";
import { unprocessable } from "../errors";
import type { Authenticated } from "../guard";
import { readParams } from "../params";
import type { FactorRow } from "../users";
import { creationOptions, newSession, requestOptions, userHandle } from "./ceremony";
import { fromGoCredential, type GoCredential } from "./stored-credential";

/** GoTrue's default MFA challenge lifetime (GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION). */
export const CHALLENGE_TTL_S = 300;

export const inet = (ip: string) => (/^[0-9a-f.:]+$/i.test(ip) ? ip : "127.0.0.1");

type WebAuthnFactorRow = FactorRow & { web_authn_credential: GoCredential | null };

export async function verifiedKeys(c: AuthContext, userId: string) {
  const { rows } = await c.backend.db.query<WebAuthnFactorRow>(
    `select * from auth.mfa_factors where user_id = $1 and factor_type = 'webauthn'
     and status = 'verified' and web_authn_credential is not null order by created_at`,
    [userId],
  );
  return rows.map((f) => ({ factor: f, key: fromGoCredential(f.web_authn_credential!) }));
}

/** POST /factors with factor_type webauthn: an unverified factor the first ceremony completes. */
export async function enrollWebAuthnFactor(
  c: AuthContext,
  a: Authenticated,
  friendlyName: string,
): Promise<Response> {
  const id = randomUUID();
  await c.backend.db.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at)
     values ($1, $2, $3, 'webauthn', 'unverified', now(), now())`,
    [id, a.user.id, friendlyName],
  );
  return json({ id, type: "webauthn", friendly_name: friendlyName });
}

/**
 * POST /factors/{id}/challenge for a WebAuthn factor: registration options while the factor is
 * unverified ("create"), sign-in options for the user's passkeys once it is ("request").
 */
export async function challengeWebAuthnFactor(
  c: AuthContext,
  a: Authenticated,
  factor: FactorRow,
): Promise<Response> {
  const { mfa, rp } = c.backend.config.auth.webauthn;
  if (!mfa.verifyEnabled)
    throw unprocessable(
      "mfa_webauthn_verify_not_enabled",
      "MFA verification is disabled for WebAuthn",
    );
  // The relying party comes from the server's configuration; rpId and rpOrigins sent by older
  // clients are read and ignored, as GoTrue does.
  await readParams(c.req);
  const known = await verifiedKeys(c, a.user.id);
  const session = newSession(rp, a.user.id);
  let webauthn: Record<string, unknown>;
  if (factor.status === "verified") {
    session.allowed_credentials = known.map((k) =>
      Buffer.from(k.key.id, "base64url").toString("base64"),
    );
    const allow = known.map((k) => ({
      type: "public-key" as const,
      id: k.key.id,
      ...(k.key.transports.length ? { transports: k.key.transports } : {}),
    }));
    webauthn = {
      type: "request",
      credential_options: { publicKey: requestOptions(session, allow) },
    };
  } else {
    const exclude = known.map((k) => ({
      type: "public-key" as const,
      id: k.key.id,
      transports: ["usb", "nfc"],
    }));
    const email = a.user.email ?? "";
    const user = { id: userHandle(a.user.id), name: email, displayName: email };
    const publicKey = creationOptions(rp, session, user, exclude, {});
    webauthn = { type: "create", credential_options: { publicKey } };
  }
  const id = randomUUID();
  const { rows } = await c.backend.db.query<{ created_at: Date }>(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, web_authn_session_data)
     values ($1, $2, now(), $3, $4) returning created_at`,
    [id, factor.id, inet(c.ip), JSON.stringify(session)],
  );
  await c.backend.db.query(
    "update auth.mfa_factors set last_challenged_at = now(), updated_at = now() where id = $1",
    [factor.id],
  );
  const expiresAt = Math.floor(rows[0].created_at.getTime() / 1000) + CHALLENGE_TTL_S;
  return json({ id, type: "webauthn", expires_at: expiresAt, webauthn });
}
