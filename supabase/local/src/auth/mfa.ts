import { randomUUID } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { json } from "../http";
import type { AuthContext, Queryable } from "./context";
import { AuthError, badRequest, forbidden, notFound, unprocessable } from "./errors";
import type { Authenticated } from "./guard";
import { isUuid, readParams, str } from "./params";
import { takeRateLimit } from "./rate-limit";
import {
  checkFactorResting,
  clearFactorFailures,
  clearFailures,
  MAX_FAILED_VERIFICATIONS,
  recordFactorFailure,
  recordFailure,
} from "./attempts";
import { addAmrClaim, rotateActiveToken, sessionResponse } from "./sessions";
import type { FactorRow } from "./users";
import { challengeWebAuthnFactor, enrollWebAuthnFactor } from "./webauthn/mfa-factor";
import { verifyWebAuthnFactor } from "./webauthn/mfa-verify";

/** GoTrue's default MFA challenge lifetime (GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION). */
const CHALLENGE_TTL_S = 300;

function totpFor(secret: string, issuer: string, label: string): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
}

async function ownFactor(c: AuthContext, a: Authenticated): Promise<FactorRow> {
  const id = c.params.id;
  const factor = isUuid(id)
    ? (
        await c.backend.db.query<FactorRow>(
          "select * from auth.mfa_factors where id = $1 and user_id = $2",
          [id, a.user.id],
        )
      ).rows[0]
    : undefined;
  if (!factor) throw notFound("mfa_factor_not_found", "Factor not found");
  return factor;
}

/** POST /factors: enrolls an unverified TOTP factor and hands out its secret, URI and QR code. */
export async function enroll(c: AuthContext, a: Authenticated): Promise<Response> {
  const mfa = c.backend.config.auth.mfa;
  const p = await readParams(c.req);
  const type = str(p, "factor_type");
  const friendlyName = str(p, "friendly_name");
  if (type === "phone")
    throw unprocessable("mfa_phone_enroll_not_enabled", "MFA enroll is disabled for Phone");
  if (type === "webauthn" && !c.backend.config.auth.webauthn.mfa.enrollEnabled)
    throw unprocessable("mfa_webauthn_enroll_not_enabled", "MFA enroll is disabled for WebAuthn");
  if (type !== "totp" && type !== "webauthn")
    throw badRequest("validation_failed", "factor_type needs to be totp, phone, or webauthn");
  if (type === "totp" && !mfa.totp.enrollEnabled)
    throw unprocessable("mfa_totp_enroll_not_enabled", "MFA enroll is disabled for TOTP");

  const db = c.backend.db;
  const factors = (
    await db.query<FactorRow>("select * from auth.mfa_factors where user_id = $1", [a.user.id])
  ).rows;
  const verified = factors.filter((f) => f.status === "verified");
  if (factors.length >= mfa.maxEnrolledFactors) {
    throw unprocessable(
      "too_many_enrolled_mfa_factors",
      "Maximum number of verified factors reached, unenroll to continue",
    );
  }
  if (verified.length > 0 && a.session?.aal !== "aal2")
    throw forbidden("insufficient_aal", "AAL2 required to enroll a new factor");
  if (friendlyName && factors.some((f) => f.friendly_name === friendlyName)) {
    throw unprocessable(
      "mfa_factor_name_conflict",
      `A factor with the friendly name "${friendlyName}" for this user already exists`,
    );
  }
  if (type === "webauthn") return enrollWebAuthnFactor(c, a, friendlyName);

  const issuer = str(p, "issuer") || new URL(c.backend.config.auth.siteUrl).host;
  const secret = new Secret({ size: 20 }).base32;
  const uri = totpFor(secret, issuer, a.user.email || a.user.phone || a.user.id).toString();
  const qr = await QRCode.toString(uri, { type: "svg", margin: 1 });
  const id = randomUUID();
  await db.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
    [id, a.user.id, friendlyName, secret],
  );
  // supabase-js turns the raw SVG into a data: URI itself, exactly as it does for hosted Supabase.
  return json({
    id,
    type: "totp",
    friendly_name: friendlyName,
    totp: { qr_code: qr, secret, uri },
  });
}

/** POST /factors/{id}/challenge */
export async function challenge(c: AuthContext, a: Authenticated): Promise<Response> {
  const factor = await ownFactor(c, a);
  if (factor.factor_type === "webauthn") return challengeWebAuthnFactor(c, a, factor);
  const id = randomUUID();
  const { rows } = await c.backend.db.query<{ created_at: Date }>(
    "insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3) returning created_at",
    [id, factor.id, /^[0-9a-f.:]+$/i.test(c.ip) ? c.ip : "127.0.0.1"],
  );
  await c.backend.db.query(
    "update auth.mfa_factors set last_challenged_at = now(), updated_at = now() where id = $1",
    [factor.id],
  );
  const expiresAt = Math.floor(rows[0].created_at.getTime() / 1000) + CHALLENGE_TTL_S;
  return json({ id, type: factor.factor_type, expires_at: expiresAt });
}

/** POST /factors/{id}/verify: checks the TOTP code, raises the session to aal2, answers a new session. */
export async function verifyFactor(c: AuthContext, a: Authenticated): Promise<Response> {
  takeRateLimit(c.backend, "tokenVerifications", c.ip);
  const factor = await ownFactor(c, a);
  if (factor.factor_type === "webauthn") return verifyWebAuthnFactor(c, a, factor);
  if (!c.backend.config.auth.mfa.totp.verifyEnabled)
    throw unprocessable("mfa_totp_verify_not_enabled", "MFA verification is disabled for TOTP");
  const p = await readParams(c.req);
  const challengeId = str(p, "challenge_id");
  const code = str(p, "code");
  if (!isUuid(challengeId))
    throw badRequest(
      "bad_json",
      "Could not parse request body as JSON: challenge_id must be a UUID",
    );
  const { rows } = await c.backend.db.query<{
    id: string;
    created_at: Date;
    verified_at: Date | null;
  }>(
    "select id, created_at, verified_at from auth.mfa_challenges where id = $1 and factor_id = $2",
    [challengeId, factor.id],
  );
  const found = rows[0];
  if (!found)
    throw unprocessable(
      "mfa_factor_not_found",
      "MFA factor with the provided challenge ID not found",
    );
  if (found.verified_at || Date.now() > found.created_at.getTime() + CHALLENGE_TTL_S * 1000) {
    throw unprocessable(
      "mfa_challenge_expired",
      `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  checkFactorResting(c.backend, factor.id);
  const valid = totpFor(factor.secret ?? "", "", "").validate({ token: code, window: 1 }) !== null;
  if (!valid) {
    // A challenge takes a handful of wrong codes, then ends; the factor also rests after many.
    recordFactorFailure(c.backend, factor.id);
    if (recordFailure(c.backend, `challenge:${challengeId}`) >= MAX_FAILED_VERIFICATIONS) {
      await c.backend.db.query("delete from auth.mfa_challenges where id = $1", [challengeId]);
      clearFailures(c.backend, `challenge:${challengeId}`);
    }
    throw unprocessable("mfa_verification_failed", "Invalid TOTP code entered");
  }
  clearFailures(c.backend, `challenge:${challengeId}`);
  clearFactorFailures(c.backend, factor.id);
  const body = await c.backend.db.transaction(async (tx) => {
    await tx.query("update auth.mfa_challenges set verified_at = now() where id = $1", [
      challengeId,
    ]);
    return raiseToAal2(tx, c, a, factor.id, "totp");
  });
  return json(body);
}

/** The session in the caller's token, which a verified factor raises; GoTrue's 401 without one. */
export function callerSession(a: Authenticated): NonNullable<Authenticated["session"]> {
  if (!a.session)
    throw new AuthError(
      401,
      "session_not_found",
      "Session from session_id claim in JWT does not exist",
    );
  return a.session;
}

/**
 * Marks the factor verified, records the method on the caller's session, raises it to aal2 and
 * answers the new session; call inside a transaction.
 */
export async function raiseToAal2(
  tx: Queryable,
  c: AuthContext,
  a: Authenticated,
  factorId: string,
  method: string,
): Promise<Record<string, unknown>> {
  const session = callerSession(a);
  await tx.query(
    "update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1",
    [factorId],
  );
  await addAmrClaim(tx, session.id, method);
  await tx.query(
    "update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1",
    [session.id, factorId],
  );
  const refreshToken = await rotateActiveToken(tx, a.user.id, session.id);
  return sessionResponse(tx, c.backend, a.user.id, session.id, refreshToken);
}

const AMR_METHOD: Record<string, string> = {
  totp: "totp",
  phone: "mfa/phone",
  webauthn: "mfa/webauthn",
};

/** DELETE /factors/{id}: a verified factor may only be removed from an aal2 session. */
export async function unenroll(c: AuthContext, a: Authenticated): Promise<Response> {
  const factor = await ownFactor(c, a);
  if (factor.status === "verified" && a.session?.aal !== "aal2") {
    throw forbidden("insufficient_aal", "AAL2 required to unenroll verified factor");
  }
  await c.backend.db.transaction(async (tx) => {
    // Sessions raised with this factor fall back to aal1, as GoTrue's DowngradeSessionsToAAL1 does.
    await tx.query(
      `delete from auth.mfa_amr_claims where authentication_method = $2
       and session_id in (select id from auth.sessions where factor_id = $1)`,
      [factor.id, AMR_METHOD[factor.factor_type] ?? factor.factor_type],
    );
    await tx.query("update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1", [
      factor.id,
    ]);
    await tx.query("delete from auth.mfa_factors where id = $1", [factor.id]);
  });
  return json({ id: factor.id });
}
