/**
 * Per-client budgets for what reaches the auth server from this app. The auth server sees every
 * visitor as the app server's one address, so without these one client could spend the budget all
 * visitors share (its verification limit, for example) and lock everyone out of their links.
 */
export type LimitedAction = "link-check" | "auth-action";

/** Requests per client per window; kept well under the auth server's per-address budget. */
export const CLIENT_LIMITS: Record<LimitedAction, { max: number; windowMs: number }> = {
  "link-check": { max: 10, windowMs: 5 * 60_000 },
  "auth-action": { max: 10, windowMs: 5 * 60_000 },
};

const MAX_TRACKED = 10_000;
const hits = new Map<string, number[]>();

/** Takes one attempt; answers how many seconds to wait when the client's budget is spent. */
export function takeAttempt(
  action: LimitedAction,
  client: string,
  now = Date.now(),
): number | null {
  const { max, windowMs } = CLIENT_LIMITS[action];
  const key = `${action}:${client}`;
  const recent = (hits.get(key) ?? []).filter((t) => now - t < windowMs);
  if (recent.length >= max) {
    hits.set(key, recent);
    return Math.max(1, Math.ceil((recent[0] + windowMs - now) / 1000));
  }
  recent.push(now);
  hits.delete(key);
  hits.set(key, recent);
  // The oldest clients are forgotten first, so memory stays bounded under many addresses.
  if (hits.size > MAX_TRACKED) hits.delete(hits.keys().next().value as string);
  return null;
}
