import { isIP } from "node:net";

/** "::ffff:10.0.0.1" and "10.0.0.1" are one client. */
function normalise(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return (mapped ? mapped[1] : trimmed).toLowerCase();
}

/**
 * The address rate limits are keyed on. Any client can write X-Forwarded-For, so it counts only
 * when the connection comes from a configured trusted proxy; then the nearest entry that is not
 * itself a trusted proxy is the client (entries further left were written by whoever called it).
 */
export function clientAddress(
  headers: Headers,
  remoteAddress: string,
  trustedProxies: readonly string[],
): string {
  const peer = normalise(remoteAddress) || "unknown";
  const trusted = new Set(trustedProxies.map(normalise));
  if (!trusted.has(peer)) return peer;
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map(normalise)
    .filter((entry) => isIP(entry) !== 0);
  for (let i = chain.length - 1; i >= 0; i--) {
    if (!trusted.has(chain[i])) return chain[i];
  }
  return chain[0] ?? peer;
}
