// @vitest-environment node
import { describe, expect, it } from "vitest";

import { contentSecurityPolicy, createNonce, securityHeaders } from "@/lib/security/headers";

const base = { nonce: "abc123", supabaseUrl: "https://xyz.supabase.co", dev: false, https: true };

function directives(csp: string) {
  return Object.fromEntries(
    csp.split("; ").map((d) => {
      const [name, ...sources] = d.split(" ");
      return [name, sources];
    }),
  );
}

describe("contentSecurityPolicy", () => {
  it("lets only nonced scripts and what they load run", () => {
    const csp = directives(contentSecurityPolicy(base));
    expect(csp["script-src"]).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
  });

  it("reaches the Supabase project over https and wss, and its Storage images", () => {
    const csp = directives(contentSecurityPolicy(base));
    expect(csp["connect-src"]).toEqual([
      "'self'",
      "https://xyz.supabase.co",
      "wss://xyz.supabase.co",
    ]);
    expect(csp["img-src"]).toContain("https://xyz.supabase.co");
  });

  it("uses ws: for a local http backend, port included", () => {
    const csp = directives(
      contentSecurityPolicy({ ...base, supabaseUrl: "http://127.0.0.1:54321" }),
    );
    expect(csp["connect-src"]).toContain("ws://127.0.0.1:54321");
    expect(csp["connect-src"]).toContain("http://127.0.0.1:54321");
  });

  it("relaxes only eval, and only in development", () => {
    const dev = directives(contentSecurityPolicy({ ...base, dev: true }));
    expect(dev["script-src"]).toEqual([
      "'self'",
      "'nonce-abc123'",
      "'strict-dynamic'",
      "'unsafe-eval'",
    ]);
    expect(dev["script-src"]).not.toContain("'unsafe-inline'");
  });
});

describe("securityHeaders", () => {
  it("sends HSTS only over https", () => {
    expect(securityHeaders(base)["Strict-Transport-Security"]).toMatch(/^max-age=/);
    expect(securityHeaders({ ...base, https: false })).not.toHaveProperty(
      "Strict-Transport-Security",
    );
  });
});

describe("createNonce", () => {
  it("is new every time and safe inside a source expression", () => {
    // More than one batch of random bytes (256 nonces), so a batch's reuse would show.
    const nonces = new Set(Array.from({ length: 600 }, createNonce));
    expect(nonces.size).toBe(600);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
