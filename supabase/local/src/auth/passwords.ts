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

/** The reasons GoTrue would give for refusing this password, empty when it is strong enough. */
export function weakReasons(auth: AuthConfig, password: string): string[] {
  return password.length < auth.minimumPasswordLength ? ["length"] : [];
}

export function weakMessage(auth: AuthConfig): string {
  return `Password should be at least ${auth.minimumPasswordLength} characters.`;
}

/** Throws `weak_password` (422, with reasons) like GoTrue's checkPasswordStrength. */
export function checkPasswordStrength(auth: AuthConfig, password: string): void {
  if (Buffer.byteLength(password) > MAX_BYTES) {
    throw weakPassword(`Password cannot be longer than ${MAX_BYTES} characters`, ["length"]);
  }
  const reasons = weakReasons(auth, password);
  if (reasons.length) throw weakPassword(weakMessage(auth), reasons);
}
