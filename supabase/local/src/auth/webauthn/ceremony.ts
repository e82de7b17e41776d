import { randomBytes } from "node:crypto";
import {
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { WebAuthnConfig } from "./config";

/**
 * The options GoTrue's WebAuthn library (go-webauthn) hands the browser, in its JSON shape, and the
 * checks of the browser's answer, which @simplewebauthn/server performs.
 */

/** go-webauthn's default timeout for both ceremonies unless user verification is discouraged. */
const TIMEOUT_MS = 300_000;

/** go-webauthn's default algorithms, most preferred first (COSE identifiers). */
const ALGORITHMS = [-7, -35, -36, -257, -258, -259, -37, -38, -39, -8];

export interface Descriptor {
  type: "public-key";
  id: string;
  transports?: string[];
}

/** What a ceremony remembers between options and verify (go-webauthn's SessionData). */
export interface SessionData {
  challenge: string;
  rpId: string;
  /** The user handle, standard base64 as Go encodes bytes; empty for discoverable sign-in. */
  user_id: string;
  allowed_credentials: string[] | null;
  expires: string;
  userVerification: string;
}

export interface UserEntity {
  id: string;
  name: string;
  displayName: string;
}

/** GoTrue's user handle: the user's id as text, base64url-encoded. */
export const userHandle = (userId: string) => Buffer.from(userId).toString("base64url");

export function newSession(rp: WebAuthnConfig["rp"], userId: string | null, uv = ""): SessionData {
  return {
    challenge: randomBytes(32).toString("base64url"),
    rpId: rp.id,
    user_id: userId ? Buffer.from(userId).toString("base64") : "",
    allowed_credentials: null,
    expires: "0001-01-01T00:00:00Z",
    userVerification: uv,
  };
}

export function creationOptions(
  rp: WebAuthnConfig["rp"],
  session: SessionData,
  user: UserEntity,
  exclude: Descriptor[],
  authenticatorSelection: Record<string, unknown>,
  attestation?: string,
): Record<string, unknown> {
  return {
    rp: { name: rp.displayName, id: rp.id },
    user,
    challenge: session.challenge,
    pubKeyCredParams: ALGORITHMS.map((alg) => ({ type: "public-key", alg })),
    timeout: TIMEOUT_MS,
    ...(exclude.length ? { excludeCredentials: exclude } : {}),
    authenticatorSelection,
    ...(attestation ? { attestation } : {}),
  };
}

export function requestOptions(session: SessionData, allow: Descriptor[]): Record<string, unknown> {
  return {
    challenge: session.challenge,
    timeout: TIMEOUT_MS,
    rpId: session.rpId,
    ...(allow.length ? { allowCredentials: allow } : {}),
    ...(session.userVerification ? { userVerification: session.userVerification } : {}),
  };
}

/** A credential as it is kept: raw id and COSE public key, base64url. */
export interface StoredKey {
  id: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

export interface Registered extends StoredKey {
  aaguid: string;
  fmt: string;
  userVerified: boolean;
  backupEligible: boolean;
  backedUp: boolean;
  attachment: string;
}

function looksLike(response: unknown, part: string): boolean {
  const r = response as { id?: unknown; response?: Record<string, unknown> } | null;
  return (
    !!r &&
    typeof r === "object" &&
    typeof r.id === "string" &&
    !!r.response &&
    typeof r.response === "object" &&
    typeof r.response.clientDataJSON === "string" &&
    typeof r.response[part] === "string"
  );
}

export const isCreationResponse = (r: unknown): r is RegistrationResponseJSON =>
  looksLike(r, "attestationObject");
export const isAssertionResponse = (r: unknown): r is AuthenticationResponseJSON =>
  looksLike(r, "authenticatorData") && looksLike(r, "signature");

/** Checks a registration against the session; null when it does not hold. */
export async function verifyCreation(
  rp: WebAuthnConfig["rp"],
  session: SessionData,
  response: RegistrationResponseJSON,
): Promise<Registered | null> {
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: session.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: session.userVerification === "required",
    });
    if (!result.verified) return null;
    const info = result.registrationInfo;
    return {
      id: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString("base64url"),
      counter: info.credential.counter,
      transports: info.credential.transports ?? response.response.transports ?? [],
      aaguid: info.aaguid,
      fmt: info.fmt,
      userVerified: info.userVerified,
      backupEligible: info.credentialDeviceType === "multiDevice",
      backedUp: info.credentialBackedUp,
      attachment: response.authenticatorAttachment ?? "",
    };
  } catch {
    return null;
  }
}

/** Checks an assertion made with `key`; the new signature counter, or null when it does not hold. */
export async function verifyAssertion(
  rp: WebAuthnConfig["rp"],
  session: SessionData,
  response: AuthenticationResponseJSON,
  key: StoredKey,
): Promise<number | null> {
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: session.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: {
        id: key.id,
        publicKey: new Uint8Array(Buffer.from(key.publicKey, "base64url")),
        counter: key.counter,
      },
      requireUserVerification: session.userVerification === "required",
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
