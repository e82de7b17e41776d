// Deleting needs proof carried by the request itself, checked here against Auth: a session alone
// (perhaps stolen) is not enough. Every check is an ordinary Auth call a client could make, so it
// runs the same on hosted Supabase.
import type { User } from "npm:@supabase/supabase-js@2";
import { projectKey, projectUrl } from "../_shared/clients.ts";

/** What the person typed: their password or a code mailed to them, and their authenticator code. */
export interface Proof {
  password: string;
  code: string;
  totp: string;
}

export interface Refusal {
  status: number;
  code: string;
  message: string;
}

const LONGEST = 1024;

/** The proof in the request body (JSON), or a refusal when the body is not a JSON object. */
export async function readProof(req: Request): Promise<Proof | Refusal> {
  const text = await req.text().catch(() => "");
  let body: unknown = {};
  if (text.trim()) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return { status: 400, code: "invalid_request", message: "Send the proof as a JSON object" };
  const field = (name: string) => {
    const value = (body as Record<string, unknown>)[name];
    return typeof value === "string" ? value.slice(0, LONGEST) : "";
  };
  return { password: field("password"), code: field("code").trim(), totp: field("totp").trim() };
}

export function isRefusal(value: Proof | Refusal): value is Refusal {
  return "status" in value;
}

async function callAuth(path: string, body: unknown, token?: string) {
  const headers: Record<string, string> = {
    apikey: projectKey,
    "content-type": "application/json",
  };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${projectUrl}/auth/v1${path}`, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: res.status, json };
}

const tooMany: Refusal = {
  status: 429,
  code: "too_many_attempts",
  message: "Too many attempts; wait a few minutes and try again",
};

/**
 * Signs the person in once more with what they typed, as Auth checks it: the password grant for
 * their own address, or the mailed code through /verify. Answers the new session's access token.
 */
async function signInAgain(user: User, proof: Proof): Promise<string | Refusal> {
  const email = user.email ?? "";
  if (!email || (!proof.password && !proof.code))
    return {
      status: 400,
      code: "proof_required",
      message: "Enter your password, or a code we email you, to delete your account",
    };
  const { status, json } = proof.password
    ? await callAuth("/token?grant_type=password", { email, password: proof.password })
    : await callAuth("/verify", { type: "email", email, token: proof.code });
  if (status === 429) return tooMany;
  const token = typeof json.access_token === "string" ? json.access_token : "";
  const signedIn = json.user as { id?: string } | undefined;
  if (status !== 200 || !token || signedIn?.id !== user.id)
    return proof.password
      ? { status: 403, code: "invalid_password", message: "That password is not right" }
      : { status: 403, code: "invalid_code", message: "That code is wrong or has expired" };
  return token;
}

/** The authenticator code, checked through Auth's MFA challenge and verify with the person's token. */
async function verifyTotp(factorId: string, totp: string, token: string): Promise<Refusal | null> {
  if (!totp)
    return {
      status: 400,
      code: "mfa_code_required",
      message: "Enter the code from your authenticator app to delete your account",
    };
  const challenge = await callAuth(`/factors/${factorId}/challenge`, {}, token);
  const challengeId = typeof challenge.json.id === "string" ? challenge.json.id : "";
  if (challenge.status === 429) return tooMany;
  const verify = challengeId
    ? await callAuth(
        `/factors/${factorId}/verify`,
        { challenge_id: challengeId, code: totp },
        token,
      )
    : challenge;
  if (verify.status === 429) return tooMany;
  if (verify.status !== 200)
    return {
      status: 403,
      code: "invalid_mfa_code",
      message: "That authenticator code is not right",
    };
  return null;
}

/** Ends the session the proof opened, when the account stays (a refusal or a failed run). */
export async function endProofSession(token: string): Promise<void> {
  await callAuth("/logout?scope=local", {}, token).catch(() => undefined);
}

/** The `aal` of a token Auth has already accepted (read, not verified, here). */
function aalOf(token: string): string {
  try {
    const part = token.split(".")[1] ?? "";
    const base64 = part.replace(/-/g, "+").replace(/_/g, "/");
    return String(JSON.parse(atob(base64)).aal ?? "");
  } catch {
    return "";
  }
}

/**
 * Null when the proof holds; the token of the session it opened is handed to `opened` so the caller
 * can end it. An anonymous account has nothing to prove beyond its session: that is all it has.
 */
export async function checkProof(
  user: User,
  callerToken: string,
  proof: Proof,
  opened: (token: string) => void,
): Promise<Refusal | null> {
  if (user.is_anonymous) return null;
  const token = await signInAgain(user, proof);
  if (typeof token !== "string") return token;
  opened(token);
  const factors = (user.factors ?? []).filter((f) => f.status === "verified");
  const totp = factors.find((f) => f.factor_type === "totp");
  if (totp) return verifyTotp(totp.id, proof.totp, token);
  // A second factor that only a browser can answer (a security key) is proven by the caller's session.
  if (factors.length && aalOf(callerToken) !== "aal2")
    return {
      status: 403,
      code: "insufficient_aal",
      message: "Verify your second factor to delete your account",
    };
  return null;
}
