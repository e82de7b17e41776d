// @vitest-environment node
import { describe, expect, it } from "vitest";

import { currentLevelOf, needsMfaChallenge } from "@/lib/auth/aal";
import { isAuthPage, isSignedInOnlyPath } from "@/lib/auth/routes";
import { LOCAL_SUPABASE, parseSupabaseEnv } from "@/lib/supabase/env";

describe("AAL rules", () => {
  it("asks for a code only at aal1 when aal2 is reachable", () => {
    expect(needsMfaChallenge({ currentLevel: "aal1", nextLevel: "aal2" })).toBe(true);
    expect(needsMfaChallenge({ currentLevel: "aal1", nextLevel: "aal1" })).toBe(false);
    expect(needsMfaChallenge({ currentLevel: "aal2", nextLevel: "aal2" })).toBe(false);
    expect(needsMfaChallenge({ currentLevel: null, nextLevel: null })).toBe(false);
  });

  it("reads the level off claims", () => {
    expect(currentLevelOf({ aal: "aal2" })).toBe("aal2");
    expect(currentLevelOf({ aal: "weird" })).toBeNull();
    expect(currentLevelOf(null)).toBeNull();
  });
});

describe("route kinds", () => {
  it("knows signed-in-only and auth pages", () => {
    expect(isSignedInOnlyPath("/account")).toBe(true);
    expect(isSignedInOnlyPath("/account/security")).toBe(true);
    expect(isSignedInOnlyPath("/accounting")).toBe(false);
    expect(isAuthPage("/sign-in")).toBe(true);
    expect(isAuthPage("/about")).toBe(false);
  });
});

describe("parseSupabaseEnv", () => {
  it("defaults to the local backend outside production", () => {
    expect(parseSupabaseEnv({ NODE_ENV: "development" })).toEqual({
      url: LOCAL_SUPABASE.NEXT_PUBLIC_SUPABASE_URL,
      publishableKey: LOCAL_SUPABASE.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY,
      secretKey: LOCAL_SUPABASE.SUPABASE_SECRET_KEY,
    });
  });

  it("stops a production server naming every missing variable", () => {
    expect(() =>
      parseSupabaseEnv({
        NODE_ENV: "production",
        NEXT_PUBLIC_SUPABASE_URL: "https://x.supabase.co",
      }),
    ).toThrow(/NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY, SUPABASE_SECRET_KEY/);
  });

  it("lets a production build run against the local backend when asked to", () => {
    expect(parseSupabaseEnv({ NODE_ENV: "production", GROUNDWORK_LOCAL: "1" }).url).toBe(
      "http://127.0.0.1:54321",
    );
  });

  it("rejects a malformed URL and trims a trailing slash", () => {
    expect(() =>
      parseSupabaseEnv({ NODE_ENV: "test", NEXT_PUBLIC_SUPABASE_URL: "not a url" }),
    ).toThrow(/NEXT_PUBLIC_SUPABASE_URL/);
    expect(
      parseSupabaseEnv({ NODE_ENV: "test", NEXT_PUBLIC_SUPABASE_URL: "https://x.supabase.co/" })
        .url,
    ).toBe("https://x.supabase.co");
  });
});
