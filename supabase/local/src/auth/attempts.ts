import type { Backend } from "../http";
import type { Queryable } from "./context";
import { tooManyRequests } from "./errors";

/** Wrong guesses one email code, link or MFA challenge survives; the next one ends it. */
export const MAX_FAILED_VERIFICATIONS = 5;
/** Wrong TOTP codes per factor (across challenges) before the factor rests for the window. */
export const MAX_FAILED_FACTOR_VERIFICATIONS = 10;
const FACTOR_WINDOW_MS = 15 * 60_000;

const failures = new WeakMap<Backend, Map<string, number[]>>();

function table(backend: Backend): Map<string, number[]> {
  let byKey = failures.get(backend);
  if (!byKey) failures.set(backend, (byKey = new Map()));
  return byKey;
}

/** Failed verifications recorded for `key` within `windowMs` (all of them without a window). */
export function failureCount(backend: Backend, key: string, windowMs = Infinity): number {
  const now = Date.now();
  return (table(backend).get(key) ?? []).filter((t) => now - t < windowMs).length;
}

/** Records one failed verification and answers how many `key` has now. */
export function recordFailure(backend: Backend, key: string): number {
  const list = table(backend).get(key) ?? [];
  list.push(Date.now());
  table(backend).set(key, list);
  return list.length;
}

export function clearFailures(backend: Backend, key: string): void {
  table(backend).delete(key);
}

/**
 * Ends every email code waiting for this address, so guessing goes no further whichever client
 * address the guesses come from; the person asks for a new code.
 */
export async function endEmailCodes(db: Queryable, email: string): Promise<void> {
  const { rows } = await db.query<{ id: string }>(
    `update auth.users set confirmation_token = '', recovery_token = '',
       email_change_token_current = '', email_change_token_new = '', reauthentication_token = ''
     where lower(email) = $1 or lower(email_change) = $1 returning id`,
    [email],
  );
  if (rows.length) {
    await db.query("delete from auth.one_time_tokens where user_id = any($1::uuid[])", [
      rows.map((r) => r.id),
    ]);
  }
}

const factorKey = (factorId: string) => `factor:${factorId}`;

/** Refuses further TOTP guesses at a factor that has had too many wrong ones lately. */
export function checkFactorResting(backend: Backend, factorId: string): void {
  const count = failureCount(backend, factorKey(factorId), FACTOR_WINDOW_MS);
  if (count >= MAX_FAILED_FACTOR_VERIFICATIONS)
    throw tooManyRequests(
      "over_request_rate_limit",
      "Too many failed verification attempts for this factor, please try again later",
    );
}

export function recordFactorFailure(backend: Backend, factorId: string): void {
  recordFailure(backend, factorKey(factorId));
}

export function clearFactorFailures(backend: Backend, factorId: string): void {
  clearFailures(backend, factorKey(factorId));
}
