import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_PUBLISHABLE_KEY } from "./support/local-backend";
import { startTestBackend, uniqueEmail, type TestBackend } from "./support/auth-support";

let t: TestBackend;
const previous = process.env.SUPABASE_LOCAL_RATE_LIMITS;
beforeAll(async () => {
  process.env.SUPABASE_LOCAL_RATE_LIMITS = "on";
  t = await startTestBackend();
  t.backend.config.auth.rateLimit.tokenVerifications = 3;
});
afterAll(async () => {
  process.env.SUPABASE_LOCAL_RATE_LIMITS = previous;
  await t?.stop();
});

/** One wrong email-code guess, sent with whatever X-Forwarded-For the client likes. */
async function guess(forwardedFor: string | null): Promise<number> {
  const headers: Record<string, string> = {
    apikey: LOCAL_PUBLISHABLE_KEY,
    "content-type": "application/json",
  };
  if (forwardedFor) headers["x-forwarded-for"] = forwardedFor;
  const res = await fetch(`${t.url}/auth/v1/verify`, {
    method: "POST",
    headers,
    body: JSON.stringify({ type: "email", email: uniqueEmail("guess"), token: "123456" }),
  });
  await res.body?.cancel();
  return res.status;
}

describe("rate limits are keyed on the connection, not on headers a client writes", () => {
  it("rotating X-Forwarded-For does not buy more guesses", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await guess(`203.0.113.${i + 1}`));
    expect(statuses.slice(0, 3)).toEqual([403, 403, 403]);
    expect(statuses.slice(3)).toEqual([429, 429, 429]);
  });

  it("behind a configured trusted proxy, the address it forwards is the client", async () => {
    const limits = t.backend.config.auth.rateLimit;
    limits.trustedProxies = ["127.0.0.1", "::1"];
    try {
      // The proxy appends the address it saw; what the client wrote further left is ignored.
      for (let i = 0; i < 3; i++) expect(await guess(`10.9.9.${i}, 198.51.100.7`)).toBe(403);
      expect(await guess("10.9.9.9, 198.51.100.7")).toBe(429);
      // Another client behind the same proxy still has its own budget.
      expect(await guess("198.51.100.8")).toBe(403);
    } finally {
      limits.trustedProxies = [];
    }
  });
});
