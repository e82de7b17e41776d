import { randomUUID } from "node:crypto";
import type { Queryable } from "./context";
import { badRequest, notFound, unprocessable } from "./errors";
import { str, type Params } from "./params";
import { sha256Base64Url } from "./secrets";

/** GoTrue's flow-state lifetime (GOTRUE_EXTERNAL_FLOW_STATE_EXPIRY_DURATION default). */
const FLOW_STATE_TTL_MS = 300_000;

export interface CodeChallenge {
  challenge: string;
  method: "s256" | "plain";
}

/** Reads code_challenge + code_challenge_method; null means the implicit flow. */
export function codeChallenge(p: Params): CodeChallenge | null {
  const challenge = str(p, "code_challenge");
  const method = str(p, "code_challenge_method").toLowerCase();
  if (!challenge && !method) return null;
  if (!challenge || !method) {
    throw badRequest(
      "validation_failed",
      "PKCE flow requires code_challenge_method and code_challenge",
    );
  }
  if (method !== "s256" && method !== "plain")
    throw badRequest("validation_failed", "code challenge method not supported");
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest("validation_failed", "code challenge has to be between 43 and 128 characters");
  }
  return { challenge, method };
}

/** The authentication method a verification type stands for in a flow state. */
export function flowMethod(type: string): string {
  return type === "signup" ? "email/signup" : type;
}

export async function createFlowState(
  db: Queryable,
  userId: string,
  method: string,
  cc: CodeChallenge,
): Promise<void> {
  await db.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       created_at, updated_at, authentication_method)
     values ($1, $2, $3, $4, $5, 'email', now(), now(), $6)`,
    [randomUUID(), userId, randomUUID(), cc.method, cc.challenge, method],
  );
}

/** The auth code of the user's newest flow state for `method` (GET /verify hands it out as ?code=). */
export async function issueAuthCode(
  db: Queryable,
  userId: string,
  method: string,
): Promise<string> {
  const { rows } = await db.query<{ id: string; auth_code: string }>(
    `select id, auth_code from auth.flow_state where user_id = $1 and authentication_method = $2
     order by created_at desc limit 1`,
    [userId, method],
  );
  if (!rows[0])
    throw badRequest(
      "flow_state_not_found",
      "No associated flow state found. flow state not found",
    );
  await db.query(
    "update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = $1",
    [rows[0].id],
  );
  return rows[0].auth_code;
}

interface FlowStateRow {
  id: string;
  user_id: string | null;
  code_challenge: string;
  code_challenge_method: string;
  authentication_method: string;
  created_at: Date;
}

/** Checks the verifier against the stored challenge and consumes the flow state. */
export async function consumeFlowState(
  db: Queryable,
  authCode: string,
  verifier: string,
): Promise<FlowStateRow> {
  const { rows } = await db.query<FlowStateRow>(
    "select * from auth.flow_state where auth_code = $1",
    [authCode],
  );
  const flow = rows[0];
  if (!flow || !flow.user_id)
    throw notFound("flow_state_not_found", "invalid flow state, no valid flow state found");
  if (Date.now() - flow.created_at.getTime() > FLOW_STATE_TTL_MS) {
    throw unprocessable("flow_state_expired", "invalid flow state, flow state has expired");
  }
  const computed = flow.code_challenge_method === "s256" ? sha256Base64Url(verifier) : verifier;
  if (computed !== flow.code_challenge) {
    throw badRequest(
      "bad_code_verifier",
      "code challenge does not match previously saved code verifier",
    );
  }
  await db.query("delete from auth.flow_state where id = $1", [flow.id]);
  return flow;
}
