import { decodeProtectedHeader } from "jose";
import { CallerError, type Keys } from "../keys/keys";
import { unauthorized } from "./errors";

/**
 * verify_jwt as the gateway and the edge runtime's main worker apply it before a function runs:
 * the bearer token must be a JWT signed by the project (a user's access token, or the anon or
 * service_role key); the publishable and secret keys stand for the anon and service_role keys,
 * as the gateway swaps them for those JWTs. Answers the 401 to send, or null to go on.
 */
export async function verifyJwt(headers: Headers, keys: Keys): Promise<Response | null> {
  const header = headers.get("authorization");
  if (!header) {
    const apiKey = headers.get("apikey");
    if (apiKey?.startsWith("sb_")) return knownKey(apiKey, keys);
    return unauthorized("Error: Missing authorization header");
  }
  const [scheme, token] = header.split(" ");
  if (scheme !== "Bearer") return unauthorized("Error: Auth header is not 'Bearer {token}'");
  if (token?.startsWith("sb_")) return knownKey(token, keys);
  try {
    decodeProtectedHeader(token ?? "");
  } catch {
    return unauthorized("JWSInvalid: Invalid Token or Protected Header formatting");
  }
  try {
    await keys.verify(token);
    return null;
  } catch (err) {
    if (err instanceof CallerError) return unauthorized("Invalid JWT");
    throw err;
  }
}

async function knownKey(key: string, keys: Keys): Promise<Response | null> {
  try {
    await keys.resolveCaller(new Headers({ apikey: key }));
    return null;
  } catch (err) {
    if (err instanceof CallerError) return unauthorized("Invalid JWT");
    throw err;
  }
}
