// @vitest-environment node
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";

import { proxy } from "@/proxy";
import { CLAIMS_HEADER, decodeClaims, encodeClaims } from "@/lib/supabase/request-claims";

const SITE = "http://127.0.0.1:3000";

/** What the proxy hands the server components below as this request's header. */
function forwarded(response: Response, name: string): string | null {
  return response.headers.get(`x-middleware-request-${name}`);
}

describe("the proxy's word on who is signed in", () => {
  it("replaces a claims header a browser forges with its own verdict", async () => {
    const forged = encodeClaims({ sub: "00000000-0000-0000-0000-000000000001", aal: "aal2" });
    const request = new NextRequest(`${SITE}/`, { headers: { [CLAIMS_HEADER]: forged } });
    const response = await proxy(request);
    expect(decodeClaims(forwarded(response, CLAIMS_HEADER))).toBeNull();
  });

  it("sends a signed-out visitor of a signed-in page to sign in, without a client", async () => {
    const forged = encodeClaims({ sub: "00000000-0000-0000-0000-000000000001", aal: "aal1" });
    const request = new NextRequest(`${SITE}/account?tab=1`, {
      headers: { [CLAIMS_HEADER]: forged },
    });
    const response = await proxy(request);
    expect(response.status).toBe(307);
    expect(new URL(response.headers.get("location") ?? "").pathname).toBe("/sign-in");
  });

  it("gives a static file its headers and no session work, and drops a forged header", async () => {
    const request = new NextRequest(`${SITE}/_next/static/chunks/app.js`, {
      headers: { [CLAIMS_HEADER]: encodeClaims({ sub: "x" }) },
    });
    const response = await proxy(request);
    expect(response.headers.get("content-security-policy")).toContain("'nonce-");
    expect(forwarded(response, CLAIMS_HEADER)).toBeNull();
  });
});

describe("claims in a header", () => {
  it("round-trips names in any script, and tells signed out from absent", () => {
    const claims = { sub: "u1", user_metadata: { profile: { display_name: "Zoë 東京" } } };
    expect(decodeClaims(encodeClaims(claims))).toEqual(claims);
    expect(decodeClaims(encodeClaims(null))).toBeNull();
    expect(decodeClaims(null)).toBeUndefined();
    expect(decodeClaims("%7Bnot json")).toBeUndefined();
  });
});
