/**
 * The client's address as the deployment's trusted proxy reports it. Which header that is depends
 * on the host (Vercel and most proxies append to X-Forwarded-For, Cloudflare sets
 * CF-Connecting-IP), so it is configured:
 *
 * - TRUSTED_PROXY_HEADER: the header the proxy writes (unset: no proxy is trusted);
 * - TRUSTED_PROXY_HOPS: for a list header such as X-Forwarded-For, how many proxies append to it
 *   (default 1); the entry that many places from the right is the one the outermost proxy saw.
 *   Entries further left were written by the client and count for nothing.
 *
 * Without a trusted proxy no address can be believed; such requests are answered without a
 * per-client limit (the auth server's own limits still hold), and production logs a warning.
 */
type Source = Record<string, string | undefined>;

export const UNKNOWN_CLIENT = "unknown";

export function clientAddress(headers: Headers, env: Source = process.env): string {
  const name = env["TRUSTED_PROXY_HEADER"]?.trim().toLowerCase();
  if (!name) return UNKNOWN_CLIENT;
  const value = headers.get(name);
  if (!value) return UNKNOWN_CLIENT;
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const hops = Math.max(1, Number.parseInt(env["TRUSTED_PROXY_HOPS"] ?? "1", 10) || 1);
  const entry = entries[entries.length - hops];
  return entry && /^[0-9a-f.:[\]]{2,45}$/i.test(entry) ? entry.toLowerCase() : UNKNOWN_CLIENT;
}
