// @vitest-environment node
import { describe, expect, it } from "vitest";
import { DevPlanError, isLocalBackendUrl, nextDevArgs, planDev } from "@/scripts/dev-plan";
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from "@groundwork/local-backend/keys";

describe("planDev", () => {
  it("starts the local backend with the well-known keys when nothing is configured", () => {
    const plan = planDev({}, 54321);
    expect(plan.startBackend).toBe(true);
    expect(plan.appEnv).toEqual({
      NEXT_PUBLIC_SUPABASE_URL: "http://127.0.0.1:54321",
      NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: LOCAL_PUBLISHABLE_KEY,
      SUPABASE_SECRET_KEY: LOCAL_SECRET_KEY,
    });
  });

  it("follows the local port it is given", () => {
    expect(planDev({}, 60000).appEnv.NEXT_PUBLIC_SUPABASE_URL).toBe("http://127.0.0.1:60000");
  });

  it.each([
    "http://127.0.0.1:54321",
    "http://localhost:54321/",
    "http://[::1]:54321",
    " http://127.0.0.1:54321 ",
  ])("starts the local backend when NEXT_PUBLIC_SUPABASE_URL is %s", (url) => {
    const plan = planDev({ NEXT_PUBLIC_SUPABASE_URL: url }, 54321);
    expect(plan.startBackend).toBe(true);
    expect(plan.appEnv.NEXT_PUBLIC_SUPABASE_URL).toBe(url.trim().replace(/\/$/, ""));
  });

  it("keeps keys that are already set for the local backend", () => {
    const plan = planDev(
      { NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: "mine", SUPABASE_SECRET_KEY: " secret " },
      54321,
    );
    expect(plan.appEnv.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY).toBe("mine");
    expect(plan.appEnv.SUPABASE_SECRET_KEY).toBe("secret");
  });

  it.each([
    "https://abcd.supabase.co",
    "http://127.0.0.1:55555",
    "https://127.0.0.1:54321",
    "http://192.168.1.5:54321",
  ])("does not start the local backend, nor touch the environment, for %s", (url) => {
    const plan = planDev(
      { NEXT_PUBLIC_SUPABASE_URL: url, NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: "hosted" },
      54321,
    );
    expect(plan.startBackend).toBe(false);
    expect(plan.appEnv).toEqual({});
    expect(plan.reason).toContain("not started");
  });

  it("refuses a URL it cannot read", () => {
    expect(() => planDev({ NEXT_PUBLIC_SUPABASE_URL: "not a url" }, 54321)).toThrow(DevPlanError);
  });
});

describe("isLocalBackendUrl", () => {
  it("needs plain http, a loopback host and the backend's port", () => {
    expect(isLocalBackendUrl(new URL("http://0.0.0.0:54321"), 54321)).toBe(true);
    expect(isLocalBackendUrl(new URL("http://localhost"), 80)).toBe(true);
    expect(isLocalBackendUrl(new URL("http://localhost"), 54321)).toBe(false);
  });
});

describe("nextDevArgs", () => {
  it("serves the app on the host the site's address names, by default 127.0.0.1", () => {
    expect(nextDevArgs({})).toEqual(["-H", "127.0.0.1", "-p", "3000"]);
    expect(nextDevArgs({ SITE_URL: "http://localhost:3001" })).toEqual([
      "-H",
      "localhost",
      "-p",
      "3001",
    ]);
    expect(nextDevArgs({ SITE_URL: "http://[::1]:3000" })).toEqual(["-H", "::1", "-p", "3000"]);
  });

  it("keeps Next's defaults for an address that is not this machine's loopback", () => {
    expect(nextDevArgs({ SITE_URL: "https://notes.example.com" })).toEqual([]);
    expect(nextDevArgs({ SITE_URL: "http://192.168.1.20:3000" })).toEqual([]);
    expect(nextDevArgs({ SITE_URL: "http://0.0.0.0:3000" })).toEqual([]);
  });

  it("refuses a site address it cannot read, in words", () => {
    expect(() => nextDevArgs({ SITE_URL: "not a url" })).toThrow(
      new DevPlanError('Invalid SITE_URL: "not a url" is not a URL.'),
    );
  });
});
