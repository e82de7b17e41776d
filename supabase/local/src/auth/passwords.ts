import bcrypt from "bcryptjs";
import type { AuthConfig } from "./context";
import { weakPassword } from "./errors";

const COST = 10;
// bcrypt reads at most 72 bytes; GoTrue refuses longer passwords rather than truncating them.
const MAX_BYTES = 72;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (!hash) return false;
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}

/**
 * GoTrue's checkPasswordStrength: each unmet rule adds a reason and a sentence, joined with a space.
 * Returns the reasons and the message, or null when the password is strong enough.
 */
export function weakness(
  auth: AuthConfig,
  password: string,
): { reasons: string[]; message: string } | null {
  const reasons: string[] = [];
  const messages: string[] = [];
  if (password.length < auth.minimumPasswordLength) {
    reasons.push("length");
    messages.push(weakMessage(auth));
  }
  const sets = auth.passwordRequiredCharacters;
  if (sets.some((set) => ![...set].some((ch) => password.includes(ch)))) {
    reasons.push("characters");
    messages.push(`Password should contain at least one character of each: ${sets.join(", ")}.`);
  }
  return reasons.length ? { reasons, message: messages.join(" ") } : null;
}

export function weakMessage(auth: AuthConfig): string {
  return `Password should be at least ${auth.minimumPasswordLength} characters.`;
}

/** Throws `weak_password` (422, with reasons) like GoTrue's checkPasswordStrength. */
export function checkPasswordStrength(auth: AuthConfig, password: string): void {
  if (Buffer.byteLength(password) > MAX_BYTES) {
    throw weakPassword(`Password cannot be longer than ${MAX_BYTES} characters`, ["length"]);
  }
  const weak = weakness(auth, password);
  if (weak) throw weakPassword(weak.message, weak.reasons);
}
