import { json } from "../../http";
import type { AuthContext } from "../context";
import { badRequest, unprocessable } from "../errors";
import type { Authenticated } from "../guard";
import { raiseToAal2 } from "../mfa";
import { isUuid, object, readParams, str } from "../params";
import type { FactorRow } from "../users";
import {
  isAssertionResponse,
  isCreationResponse,
  verifyAssertion,
  verifyCreation,
  type SessionData,
} from "./ceremony";
import { CHALLENGE_TTL_S, inet, verifiedKeys } from "./mfa-factor";
import { aaguidOf, toGoCredential, type GoCredential } from "./stored-credential";

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

type Proof =
  | { credential: GoCredential; usedFactorId?: never; counter?: never }
  | { credential?: never; usedFactorId: string; counter: number };

/**
 * Checks the browser's answer. A new factor is proven by the key it registers, a verified one only
 * by a key the user already holds: another factor's key must not complete an unverified factor's
 * ceremony, nor a new key a verified one.
 */
async function checkCeremony(
  c: AuthContext,
  a: Authenticated,
  factor: FactorRow,
  session: SessionData,
  type: string,
  response: unknown,
): Promise<Proof> {
  const { rp } = c.backend.config.auth.webauthn;
  const expected = factor.status === "verified" ? "request" : "create";
  if (type === "create") {
    if (!isCreationResponse(response))
      throw badRequest("validation_failed", "Invalid credential_response");
    const made = expected === "create" ? await verifyCreation(rp, session, response) : null;
    if (!made) throw rejected("Failed to verify WebAuthn MFA registration");
    return { credential: toGoCredential(made) };
  }
  if (!isAssertionResponse(response))
    throw badRequest("validation_failed", "Invalid credential_response");
  const keys = expected === "request" ? await verifiedKeys(c, a.user.id) : [];
  const match = keys.find((k) => k.key.id === response.id);
  const counter = match ? await verifyAssertion(rp, session, response, match.key) : null;
  if (!match || counter === null) throw rejected("Failed to validate WebAuthn MFA response");
  return { usedFactorId: match.factor.id, counter };
}

/** POST /factors/{id}/verify for a WebAuthn factor: checks the ceremony, then raises the session. */
export async function verifyWebAuthnFactor(
  c: AuthContext,
  a: Authenticated,
  factor: FactorRow,
): Promise<Response> {
  const { mfa } = c.backend.config.auth.webauthn;
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

  const proof = await checkCeremony(c, a, factor, session, type, response);

  const body = await c.backend.db.transaction(async (tx) => {
    // The challenge is spent once it has been checked; of two requests racing with it, one wins.
    const spent = await tx.query("delete from auth.mfa_challenges where id = $1 returning id", [
      challengeId,
    ]);
    if (!spent.rows.length)
      throw unprocessable(
        "mfa_factor_not_found",
        "MFA factor with the provided challenge ID not found",
      );
    if (proof.credential) {
      await tx.query(
        `update auth.mfa_factors set web_authn_credential = $2, web_authn_aaguid = $3,
         updated_at = now() where id = $1`,
        [factor.id, JSON.stringify(proof.credential), aaguidOf(proof.credential)],
      );
    } else {
      await tx.query(
        `update auth.mfa_factors set web_authn_credential = jsonb_set(web_authn_credential,
         '{authenticator,signCount}', to_jsonb($2::bigint)) where id = $1`,
        [proof.usedFactorId, proof.counter],
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
