import type { Backend } from "../http";
import { tooManyRequests } from "./errors";

export type Bucket =
  "signInSignUps" | "tokenRefresh" | "tokenVerifications" | "anonymousUsers" | "emailSent";

/** GoTrue's windows: anonymous sign-ins and mails per hour, the rest per five minutes. */
const WINDOW_MS: Record<Bucket, number> = {
  signInSignUps: 5 * 60_000,
  tokenRefresh: 5 * 60_000,
  tokenVerifications: 5 * 60_000,
  anonymousUsers: 60 * 60_000,
  emailSent: 60 * 60_000,
};

const hits = new WeakMap<Backend, Map<string, number[]>>();

/** Test runs start the backend with SUPABASE_LOCAL_RATE_LIMITS=off (read once, into the config). */
function rateLimitsEnabled(backend: Backend): boolean {
  return backend.config.auth.rateLimit.enabled;
}

/** Takes one request from the bucket, or refuses with 429 when it is empty. */
export function takeRateLimit(backend: Backend, bucket: Bucket, key: string): void {
  if (!rateLimitsEnabled(backend)) return;
  const limit = backend.config.auth.rateLimit[bucket];
  let byKey = hits.get(backend);
  if (!byKey) hits.set(backend, (byKey = new Map()));
  const id = `${bucket}:${bucket === "emailSent" ? "*" : key}`;
  const now = Date.now();
  const recent = (byKey.get(id) ?? []).filter((t) => now - t < WINDOW_MS[bucket]);
  if (recent.length >= limit) {
    byKey.set(id, recent);
    if (bucket === "emailSent")
      throw tooManyRequests("over_email_send_rate_limit", "email rate limit exceeded");
    throw tooManyRequests("over_request_rate_limit", "Request rate limit reached");
  }
  recent.push(now);
  byKey.set(id, recent);
}

/** auth.email.max_frequency: how soon the same kind of mail may go to the same user again. */
export function checkMailFrequency(backend: Backend, sentAt: Date | null): void {
  if (!rateLimitsEnabled(backend) || !sentAt) return;
  const waitMs =
    sentAt.getTime() + backend.config.auth.email.maxFrequencySeconds * 1000 - Date.now();
  if (waitMs > 0) {
    throw tooManyRequests(
      "over_email_send_rate_limit",
      `For security purposes, you can only request this after ${Math.ceil(waitMs / 1000)} seconds.`,
    );
  }
}
