import { randomUUID } from "node:crypto";
import type { AuthContext, Queryable } from "../context";
import { badRequest } from "../errors";
import { isUuid, readParams, str, type Params } from "../params";
import type { SessionData } from "./ceremony";

type ChallengeType = "registration" | "authentication";

/** Stores a passkey ceremony's session; answers its id and expiry (unix seconds). */
export async function storeChallenge(
  c: AuthContext,
  type: ChallengeType,
  userId: string | null,
  session: SessionData,
): Promise<{ id: string; expiresAt: number }> {
  const db = c.backend.db;
  const ttl = c.backend.config.auth.webauthn.challengeExpirySeconds;
  // Ceremonies nobody finished would otherwise pile up, one row per options request.
  await db.query(
    "delete from auth.webauthn_challenges where expires_at < now() - interval '1 hour'",
  );
  const id = randomUUID();
  const { rows } = await db.query<{ expires_at: Date }>(
    `insert into auth.webauthn_challenges (id, user_id, challenge_type, session_data, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(secs => $5)) returning expires_at`,
    [id, userId, type, JSON.stringify(session), ttl],
  );
  return { id, expiresAt: Math.floor(rows[0].expires_at.getTime() / 1000) };
}

/** The verify body: challenge_id and credential, each required, as GoTrue checks them. */
export async function readVerifyParams(
  c: AuthContext,
): Promise<{ challengeId: string; credential: unknown }> {
  const p: Params = await readParams(c.req);
  const challengeId = str(p, "challenge_id");
  if (!challengeId) throw badRequest("validation_failed", "challenge_id is required");
  if (p.credential === undefined || p.credential === null)
    throw badRequest("validation_failed", "credential is required");
  if (!isUuid(challengeId))
    throw badRequest("validation_failed", "challenge_id must be a valid UUID");
  return { challengeId, credential: p.credential };
}

/**
 * Takes the challenge out of the table in one statement, so a ceremony answers once however many
 * verify requests race for it.
 */
export async function consumeChallenge(
  db: Queryable,
  id: string,
  type: ChallengeType,
  userId: string | null,
): Promise<SessionData> {
  const { rows } = await db.query<{ session_data: SessionData; expired: boolean }>(
    `delete from auth.webauthn_challenges where id = $1 and challenge_type = $2
     and user_id is not distinct from $3::uuid returning session_data, expires_at < now() as expired`,
    [id, type, userId],
  );
  if (!rows[0])
    throw badRequest("webauthn_challenge_not_found", "Challenge not found or already used");
  if (rows[0].expired) throw badRequest("webauthn_challenge_expired", "Challenge has expired");
  return rows[0].session_data;
}
