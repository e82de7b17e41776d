// @vitest-environment node
import { createChunks, stringToBase64URL } from "@supabase/ssr";
import { describe, expect, it } from "vitest";

import {
  authStorageKey,
  sessionOwesMfaCode,
  storedUserHasVerifiedFactor,
} from "@/lib/supabase/stored-session";

const url = "http://127.0.0.1:54321";

function jarFor(session: unknown, chunkSize?: number) {
  const value = `base64-${stringToBase64URL(JSON.stringify(session))}`;
  const chunks = createChunks(authStorageKey(url), value, chunkSize);
  const jar = new Map(chunks.map((c) => [c.name, c.value]));
  return (name: string) => jar.get(name);
}

describe("storedUserHasVerifiedFactor", () => {
  it("names the cookie as supabase-js does", () => {
    expect(authStorageKey(url)).toBe("sb-127-auth-token");
    expect(authStorageKey("https://abcd.supabase.co")).toBe("sb-abcd-auth-token");
  });

  it("sees a verified factor, even across chunked cookies", async () => {
    const session = {
      user: { factors: [{ status: "unverified" }, { status: "verified" }], bio: "x".repeat(5000) },
    };
    expect(await storedUserHasVerifiedFactor(url, jarFor(session, 1000))).toBe(true);
  });

  it("ignores unverified factors, missing users and unreadable cookies", async () => {
    expect(
      await storedUserHasVerifiedFactor(
        url,
        jarFor({ user: { factors: [{ status: "unverified" }] } }),
      ),
    ).toBe(false);
    expect(await storedUserHasVerifiedFactor(url, jarFor({}))).toBe(false);
    expect(await storedUserHasVerifiedFactor(url, () => undefined)).toBe(false);
    expect(
      await storedUserHasVerifiedFactor(url, (name) =>
        name === "sb-127-auth-token" ? "base64-@@@" : undefined,
      ),
    ).toBe(false);
  });
});

describe("sessionOwesMfaCode", () => {
  const withFactor = jarFor({ user: { factors: [{ status: "verified" }] } });

  it("asks for a code only from an aal1 session whose account has a verified factor", async () => {
    expect(await sessionOwesMfaCode({ aal: "aal1" }, url, withFactor)).toBe(true);
    expect(await sessionOwesMfaCode({ aal: "aal2" }, url, withFactor)).toBe(false);
    expect(await sessionOwesMfaCode({ aal: "aal1" }, url, jarFor({ user: {} }))).toBe(false);
    expect(await sessionOwesMfaCode(null, url, withFactor)).toBe(false);
  });
});
