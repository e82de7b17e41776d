import { validatePhone, verifySms } from "./phone";
import { json } from "../http";
import type { AuthContext } from "./context";
import {
  clearFailures,
  endEmailCodes,
  failureCount,
  MAX_FAILED_VERIFICATIONS,
  recordFailure,
} from "./attempts";
import type { Backend } from "../http";
import { AuthError, badRequest, forbidden } from "./errors";
import { PKCE_PREFIX } from "./email-tokens";
import { readParams, str, validEmail } from "./params";
import { flowMethod, issueAuthCode } from "./pkce";
import { takeRateLimit } from "./rate-limit";
import { safeRedirect } from "./redirect";
import { grantInfo, issueSession } from "./sessions";
import { applyVerification, parseType, SINGLE_CONFIRMATION, type VerifyInput } from "./verify-core";

/** POST /verify: `token_hash` + type, or email + 6-digit `token` + type; answers with a session. */
export async function verifyPost(c: AuthContext): Promise<Response> {
  takeRateLimit(c.backend, "tokenVerifications", c.ip);
  const p = await readParams(c.req);
  const rawType = str(p, "type");
  const token = str(p, "token");
  const hash = str(p, "token_hash");
  const email = str(p, "email");
  const phone = str(p, "phone");
  if (!rawType) throw badRequest("validation_failed", "Verify requires a verification type");
  if ((!token && !hash) || (token && hash))
    throw badRequest("validation_failed", "Verify requires either a token or a token hash");
  // GoTrue's POST /verify (internal/api/verify.go) never asks whether phone sign-in is on: a code
  // for a phone is looked up, and without a user or a sent code it is "Token has expired or is invalid".
  if (token && phone && !email) {
    if (rawType === "sms") return verifySms(c, p);
    validatePhone(phone);
    throw forbidden("otp_expired", "Token has expired or is invalid");
  }
  const type = parseType(rawType);
  const input: VerifyInput = { type };
  if (token) {
    if (!email || phone)
      throw badRequest(
        "validation_failed",
        "Only an email address or phone number should be provided on verify",
      );
    try {
      input.email = validEmail(email);
    } catch {
      throw new AuthError(422, "validation_failed", "Invalid email format");
    }
    input.code = token;
  } else {
    if (email || str(p, "phone"))
      throw badRequest("validation_failed", "Only the token_hash and type should be provided");
    input.tokenHash = hash;
  }
  const body = await countingFailures(c.backend, input, () =>
    c.backend.db.transaction(async (tx) => {
      const verified = await applyVerification(tx, c.backend, input);
      if ("singleConfirmation" in verified) return { msg: SINGLE_CONFIRMATION, code: "200" };
      return issueSession(tx, c.backend, verified.user.id, "otp", grantInfo(c.req, c.ip));
    }),
  );
  return json(body);
}

/**
 * Counts wrong guesses per email address and per token hash, whatever client address they come
 * from: the fifth wrong code for an address ends the codes waiting for it, and a token hash that
 * failed that often is refused without looking it up again.
 */
async function countingFailures<T>(
  backend: Backend,
  input: VerifyInput,
  run: () => Promise<T>,
): Promise<T> {
  const key = input.code ? `code:${input.email}` : `hash:${input.tokenHash}`;
  if (input.tokenHash && failureCount(backend, key) >= MAX_FAILED_VERIFICATIONS)
    throw forbidden("otp_expired", "Email link is invalid or has expired");
  try {
    const result = await run();
    clearFailures(backend, key);
    return result;
  } catch (err) {
    if (!(err instanceof AuthError) || err.code !== "otp_expired") throw err;
    if (recordFailure(backend, key) >= MAX_FAILED_VERIFICATIONS && input.email) {
      await endEmailCodes(backend.db, input.email);
      clearFailures(backend, key);
    }
    throw err;
  }
}

const OAUTH_ERROR: Record<number, string> = {
  400: "invalid_request",
  401: "unauthorized_client",
  403: "access_denied",
  500: "server_error",
};

function errorRedirect(target: string, err: AuthError, pkce: boolean): string {
  const url = new URL(target);
  const hash = new URLSearchParams();
  const error = OAUTH_ERROR[err.status];
  if (error) hash.set("error", error);
  hash.set("error_code", err.code);
  hash.set("error_description", err.message);
  if (pkce) hash.forEach((value, key) => url.searchParams.set(key, value));
  hash.set("sb", "");
  url.hash = hash.toString();
  return url.toString();
}

type LinkOutcome =
  | { kind: "message"; message: string }
  | { kind: "code"; code: string }
  | { kind: "session"; session: Record<string, unknown>; type: string };

const seeOther = (location: string) => new Response(null, { status: 303, headers: { location } });

/** GET /verify?token=…&type=…&redirect_to=…: the link in a mail; always answers with a redirect. */
export async function verifyGet(c: AuthContext): Promise<Response> {
  takeRateLimit(c.backend, "tokenVerifications", c.ip);
  const q = c.url.searchParams;
  const token = q.get("token") ?? "";
  const redirectTo = safeRedirect(
    c.backend.config.auth,
    q.get("redirect_to") ?? c.req.headers.get("referer"),
  );
  const pkce = token.startsWith(PKCE_PREFIX);
  const type = parseType(q.get("type") ?? "");
  if (!token) throw badRequest("validation_failed", "Verify requires a token or a token hash");
  try {
    const input: VerifyInput = { type, tokenHash: token };
    const outcome = await countingFailures(c.backend, input, () =>
      c.backend.db.transaction(async (tx): Promise<LinkOutcome> => {
        const verified = await applyVerification(tx, c.backend, input);
        if ("singleConfirmation" in verified)
          return { kind: "message", message: SINGLE_CONFIRMATION };
        if (pkce)
          return {
            kind: "code",
            code: await issueAuthCode(tx, verified.user.id, flowMethod(verified.type)),
          };
        const session = await issueSession(
          tx,
          c.backend,
          verified.user.id,
          "otp",
          grantInfo(c.req, c.ip),
        );
        return { kind: "session", session, type: verified.type };
      }),
    );
    const url = new URL(redirectTo);
    if (outcome.kind === "message") {
      if (pkce) url.searchParams.set("message", outcome.message);
      url.hash = new URLSearchParams({ message: outcome.message, sb: "" }).toString();
    } else if (outcome.kind === "code") {
      url.searchParams.set("code", outcome.code);
    } else {
      const s = outcome.session;
      url.hash = new URLSearchParams({
        access_token: String(s.access_token),
        expires_at: String(s.expires_at),
        expires_in: String(s.expires_in),
        refresh_token: String(s.refresh_token),
        sb: "",
        token_type: "bearer",
        type: outcome.type,
      }).toString();
    }
    return seeOther(url.toString());
  } catch (err) {
    if (err instanceof AuthError) return seeOther(errorRedirect(redirectTo, err, pkce));
    throw err;
  }
}
