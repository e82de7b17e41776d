import { randomUUID } from "node:crypto";
import { json } from "../../http";
import type { AuthContext } from "../context";
import { badRequest, unprocessable } from "../errors";
import type { Authenticated } from "../guard";
import { raiseToAal2 } from "../mfa";
import { isUuid, object, readParams, str } from "../params";
import type { FactorRow } from "../users";
import {
  creationOptions,
  isAssertionResponse,
  isCreationResponse,
  newSession,
  requestOptions,
  userHandle,
  verifyAssertion,
  verifyCreation,
  type SessionData,
} from "./ceremony";
import { aaguidOf, fromGoCredential, toGoCredential, type GoCredential } from "./stored-credential";

/** GoTrue's default MFA challenge lifetime (GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION). */
const CHALLENGE_TTL_S = 300;

const inet = (ip: string) => (/^[0-9a-f.:]+$/i.test(ip) ? ip : "127.0.0.1");

type WebAuthnFactorRow = FactorRow & { web_authn_credential: GoCredential | null };

async function verifiedKeys(c: AuthContext, userId: string) {
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

interface ChallengeRow {
  id: string;
  factor_id: string;
  created_at: Date;
  verified_at: Date | null;
  ip_address: string;
  same_ip: boolean;
  web_authn_session_data: SessionData | null;
}

async function openChallenge(c: AuthContext, factor: FactorRow, id: string): Promise<ChallengeRow> {
  const { rows } = await c.backend.db.query<ChallengeRow>(
    `select *, ip_address = $3::inet as same_ip from auth.mfa_challenges
     where id = $1 and factor_id = $2`,
    [id, factor.id, inet(c.ip)],
  );
  const found = rows[0];
  if (!found || !found.web_authn_session_data)
    throw unprocessable(
      "mfa_factor_not_found",
      "MFA factor with the provided challenge ID not found",
    );
  if (found.verified_at || !found.same_ip)
    throw unprocessable("mfa_ip_address_mismatch", "Challenge and verify IP addresses mismatch.");
  if (Date.now() > found.created_at.getTime() + CHALLENGE_TTL_S * 1000) {
    await c.backend.db.query("delete from auth.mfa_challenges where id = $1", [id]);
    throw unprocessable(
      "mfa_challenge_expired",
      `MFA challenge ${id} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  return found;
}

// GoTrue answers 500 when go-webauthn rejects a credential; a bad credential is the caller's
// input, so the local backend answers 422 with the factor error code instead.
const rejected = (message: string) => unprocessable("mfa_verification_failed", message);

/** POST /factors/{id}/verify for a WebAuthn factor: checks the ceremony, then raises the session. */
export async function verifyWebAuthnFactor(
  c: AuthContext,
  a: Authenticated,
  factor: FactorRow,
): Promise<Response> {
  const { mfa, rp } = c.backend.config.auth.webauthn;
  // GoTrue answers this one with the enroll code, the verify message.
  if (!mfa.verifyEnabled)
    throw unprocessable(
      "mfa_webauthn_enroll_not_enabled",
      "MFA verification is disabled for WebAuthn",
    );
  const p = await readParams(c.req);
  const challengeId = str(p, "challenge_id");
  if (!isUuid(challengeId))
    throw badRequest(
      "bad_json",
      "Could not parse request body as JSON: challenge_id must be a UUID",
    );
  const params = object(p, "webauthn");
  const type = params ? str(params, "type") : "";
  if (!params) throw badRequest("validation_failed", "WebAuthn config required");
  if (type !== "create" && type !== "request")
    throw badRequest("validation_failed", "WebAuthn type must be create or request");
  const response = params.credential_response;
  if (response === undefined || response === null)
    throw badRequest("validation_failed", "credential_response required");
  const challenge = await openChallenge(c, factor, challengeId);
  const session = challenge.web_authn_session_data!;

  let credential: GoCredential | null = null;
  if (type === "create") {
    if (!isCreationResponse(response))
      throw badRequest("validation_failed", "Invalid credential_response");
    // A verified factor is only ever proven with a key it already holds, never a new one.
    const made = factor.status === "verified" ? null : await verifyCreation(rp, session, response);
    if (!made) throw rejected("Failed to verify WebAuthn MFA registration");
    credential = toGoCredential(made);
  } else {
    if (!isAssertionResponse(response))
      throw badRequest("validation_failed", "Invalid credential_response");
    const match = (await verifiedKeys(c, a.user.id)).find((k) => k.key.id === response.id);
    const counter = match ? await verifyAssertion(rp, session, response, match.key) : null;
    if (!match || counter === null) throw rejected("Failed to validate WebAuthn MFA response");
    await c.backend.db.query(
      `update auth.mfa_factors set web_authn_credential = jsonb_set(web_authn_credential,
       '{authenticator,signCount}', to_jsonb($2::bigint)) where id = $1`,
      [match.factor.id, counter],
    );
  }

  // The challenge is spent once it has been checked, whatever happens next.
  await c.backend.db.query("delete from auth.mfa_challenges where id = $1", [challengeId]);
  const body = await c.backend.db.transaction(async (tx) => {
    if (credential) {
      await tx.query(
        `update auth.mfa_factors set web_authn_credential = $2, web_authn_aaguid = $3,
         updated_at = now() where id = $1`,
        [factor.id, JSON.stringify(credential), aaguidOf(credential)],
      );
    }
    const last = {
      challenge: {
        id: challenge.id,
        factor_id: challenge.factor_id,
        created_at: challenge.created_at,
        verified_at: null,
        ip_address: challenge.ip_address,
        web_authn_session_data: session,
      },
      type,
      credential_response: response,
    };
    await tx.query(
      "update auth.mfa_factors set last_webauthn_challenge_data = $2, updated_at = now() where id = $1",
      [factor.id, JSON.stringify(last)],
    );
    await tx.query(
      `delete from auth.mfa_factors where user_id = $1 and factor_type = 'webauthn'
       and status = 'unverified' and id <> $2`,
      [a.user.id, factor.id],
    );
    return raiseToAal2(tx, c, a, factor.id, "mfa/webauthn");
  });
  return json(body);
}
