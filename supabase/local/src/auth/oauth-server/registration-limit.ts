import type { Backend } from "../../http";
import { tooManyRequests } from "../errors";

/**
 * GoTrue's limit on dynamic registration (GOTRUE_RATE_LIMIT_OAUTH_DYNAMIC_CLIENT_REGISTER): a
 * bucket per client address holding 30 registrations, refilled at 10 every five minutes. The CLI
 * has no setting for it, so neither does config.toml.
 */
const BURST = 30;
const PER_MS = 10 / (5 * 60_000);

const buckets = new WeakMap<Backend, Map<string, { tokens: number; at: number }>>();

export function takeRegistration(backend: Backend, ip: string): void {
  if (!backend.config.auth.rateLimit.enabled) return;
  let byIp = buckets.get(backend);
  if (!byIp) buckets.set(backend, (byIp = new Map()));
  const now = Date.now();
  const bucket = byIp.get(ip) ?? { tokens: BURST, at: now };
  bucket.tokens = Math.min(BURST, bucket.tokens + (now - bucket.at) * PER_MS);
  bucket.at = now;
  byIp.set(ip, bucket);
  if (bucket.tokens < 1)
    throw tooManyRequests("over_request_rate_limit", "Request rate limit reached");
  bucket.tokens -= 1;
}
