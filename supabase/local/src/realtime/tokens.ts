import { decodeJwt } from "jose";
import { CallerError, type Keys } from "../keys/keys";

export type Claims = Record<string, unknown> & { role?: string; exp?: number; sub?: string };

/** Why a token cannot open or keep a channel, worded as Realtime words it ("Code: message"). */
export class TokenError extends Error {
  constructor(
    readonly code: string,
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}

export interface VerifiedToken {
  claims: Claims;
  role: string;
  /** Seconds since the epoch; null for the project's API keys, which do not expire. */
  exp: number | null;
}

function looksLikeJwt(token: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token);
}

/**
 * Checks an access token as Realtime does at join and on each `access_token` message: a valid
 * signature, `role` and `exp` present and `exp` in the future.
 */
export async function verifyAccessToken(keys: Keys, token: string): Promise<VerifiedToken> {
  if (!looksLikeJwt(token))
    throw new TokenError("MalformedJWT", "The token provided is not a valid JWT");
  let claims: Claims;
  try {
    claims = (await keys.verify(token)) as Claims;
  } catch (err) {
    if (!(err instanceof CallerError)) throw err;
    if (err.kind === "expired_jwt") {
      const exp = Number(decodeJwt(token).exp ?? 0);
      const ago = Math.floor(Date.now() / 1000) - exp;
      throw new TokenError("InvalidJWTToken", `Token has expired ${ago} seconds ago`);
    }
    try {
      decodeJwt(token);
    } catch {
      throw new TokenError("MalformedJWT", "The token provided is not a valid JWT");
    }
    throw new TokenError("JwtSignatureError", "Failed to validate JWT signature");
  }
  if (typeof claims.role !== "string" || !claims.role || typeof claims.exp !== "number")
    throw new TokenError("InvalidJWTToken", "Fields `role` and `exp` are required in JWT");
  return { claims, role: claims.role, exp: claims.exp };
}

/** Claims for the socket's own API key (publishable, secret or a legacy JWT key). */
export async function apiKeyToken(keys: Keys, apiKey: string): Promise<VerifiedToken> {
  const caller = await keys.resolveCaller(new Headers({ apikey: apiKey }));
  const exp = typeof caller.claims.exp === "number" ? caller.claims.exp : null;
  return { claims: caller.claims as Claims, role: caller.role, exp };
}
