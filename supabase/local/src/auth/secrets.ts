import { createHash, randomBytes, randomInt } from "node:crypto";

const ALPHANUMERIC = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** Opaque refresh tokens, in the alphabet and length GoTrue uses. */
export function refreshTokenString(length = 12): string {
  const bytes = randomBytes(length);
  let out = "";
  for (const b of bytes) out += ALPHANUMERIC[b % ALPHANUMERIC.length];
  return out;
}

/** A numeric one-time code of `length` digits (the 6-digit email code). */
export function otp(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

/** GoTrue's token hash: hex SHA-224 of the address followed by the code. */
export function tokenHash(emailOrPhone: string, code: string): string {
  return createHash("sha224")
    .update(emailOrPhone + code)
    .digest("hex");
}

export function sha256Base64Url(value: string): string {
  return createHash("sha256").update(value).digest("base64url");
}

export function randomId(bytes = 16): string {
  return randomBytes(bytes).toString("hex");
}
