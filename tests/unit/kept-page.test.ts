// @vitest-environment node
import { beforeAll, describe, expect, it, vi } from "vitest";

import type { keptPageFor as KeptPageFor } from "@/lib/security/kept-page";

const AUTH = "sb-127-auth-token";

describe("which visitors the kept home page is for", () => {
  let keptPageFor: typeof KeptPageFor;
  beforeAll(async () => {
    // The build writes its nonce in; without one (a unit test, `next dev` before a build) none is kept.
    vi.stubEnv("GROUNDWORK_KEPT_PAGE_NONCE", "build-nonce");
    vi.resetModules();
    ({ keptPageFor } = await import("@/lib/security/kept-page"));
  });

  const kept = (path: string, cookies: Record<string, string> = {}, method = "GET") =>
    keptPageFor(
      path,
      method,
      Object.entries(cookies).map(([name, value]) => ({ name, value })),
      AUTH,
    );

  it("serves a signed-out visitor with no theme, or the system one, the kept copy", () => {
    expect(kept("/")).toBe("/kept/home");
    expect(kept("/", {}, "HEAD")).toBe("/kept/home");
    expect(kept("/", { theme: "system", other: "x" })).toBe("/kept/home");
    // The proxy runs again for the address it rewrote to: that one is the kept copy too.
    expect(kept("/kept/home")).toBe("/kept/home");
  });

  it("gives the live page to a signed-in person, a chosen theme, other methods and other pages", () => {
    expect(kept("/", { [AUTH]: "base64-…" })).toBeNull();
    expect(kept("/", { [`${AUTH}.0`]: "chunk" })).toBeNull();
    expect(kept("/", { theme: "dark" })).toBeNull();
    expect(kept("/", { theme: "light" })).toBeNull();
    expect(kept("/", {}, "POST")).toBeNull();
    expect(kept("/sign-in")).toBeNull();
    expect(kept("/notes")).toBeNull();
  });

  it("keeps nothing when the build drew no nonce", async () => {
    vi.stubEnv("GROUNDWORK_KEPT_PAGE_NONCE", "");
    vi.resetModules();
    const { keptPageFor: withoutNonce } = await import("@/lib/security/kept-page");
    expect(withoutNonce("/", "GET", [], AUTH)).toBeNull();
    vi.unstubAllEnvs();
  });
});

describe("the address a kept page stands for", () => {
  it("gives the kept home page's own address back as /, query kept, and leaves others alone", async () => {
    const { publicAddress } = await import("@/lib/security/kept-page");
    expect(publicAddress("/kept/home")).toBe("/");
    expect(publicAddress("/kept/home?ref=mail")).toBe("/?ref=mail");
    expect(publicAddress("/features")).toBe("/features");
    expect(publicAddress("/notes/kept/home")).toBe("/notes/kept/home");
  });
});
