import { json } from "../../http";
import type { AuthContext } from "../context";
import { badRequest, forbidden } from "../errors";
import { isUuid } from "../params";
import { takeRateLimit } from "../rate-limit";
import { grantInfo, issueSession } from "../sessions";
import { findUserById, isBanned } from "../users";
import { isAssertionResponse, newSession, requestOptions, verifyAssertion } from "./ceremony";
import { passkeysOf, requirePasskeys } from "./passkey-access";
import { consumeChallenge, readVerifyParams, storeChallenge } from "./passkey-challenges";

const failed = () => badRequest("webauthn_verification_failed", "Credential verification failed");

/** POST /passkeys/authentication/options: a discoverable sign-in, bound to no user yet. */
export async function authenticationOptions(c: AuthContext): Promise<Response> {
  requirePasskeys(c);
  // GoTrue keeps a bucket of its own for this (GOTRUE_RATE_LIMIT_PASSKEY, 30 by default).
  takeRateLimit(c.backend, "signInSignUps", c.ip);
  const session = newSession(c.backend.config.auth.webauthn.rp, null, "preferred");
  const stored = await storeChallenge(c, "authentication", null, session);
  return json({
    challenge_id: stored.id,
    options: requestOptions(session, []),
    expires_at: stored.expiresAt,
  });
}

/** POST /passkeys/authentication/verify: the assertion names its user; a new aal1 session. */
export async function authenticationVerify(c: AuthContext): Promise<Response> {
  requirePasskeys(c);
  const { challengeId, credential } = await readVerifyParams(c);
  const db = c.backend.db;
  const session = await consumeChallenge(db, challengeId, "authentication", null);
  if (!isAssertionResponse(credential))
    throw badRequest("webauthn_verification_failed", "Invalid credential response");

  const handle = credential.response.userHandle;
  const userId = handle ? Buffer.from(handle, "base64url").toString("utf8") : "";
  if (!isUuid(userId)) throw failed();
  const user = await findUserById(db, userId);
  const passkey = user
    ? (await passkeysOf(db, user.id)).find(
        (p) => Buffer.from(p.credential_id).toString("base64url") === credential.id,
      )
    : undefined;
  if (!user || !passkey) throw failed();
  const counter = await verifyAssertion(c.backend.config.auth.webauthn.rp, session, credential, {
    id: credential.id,
    publicKey: Buffer.from(passkey.public_key).toString("base64url"),
    counter: Number(passkey.sign_count),
    transports: passkey.transports,
  });
  if (counter === null) throw failed();

  if (user.email && !user.email_confirmed_at)
    throw forbidden("email_not_confirmed", "Email not confirmed");
  if (user.phone && !user.phone_confirmed_at)
    throw forbidden("phone_not_confirmed", "Phone not confirmed");
  if (isBanned(user)) throw forbidden("user_banned", "User is banned");

  const body = await db.transaction(async (tx) => {
    await tx.query(
      `update auth.webauthn_credentials set sign_count = $2, last_used_at = now(), updated_at = now()
       where id = $1`,
      [passkey.id, counter],
    );
    return issueSession(tx, c.backend, user.id, "passkey", grantInfo(c.req, c.ip));
  });
  return json(body);
}
