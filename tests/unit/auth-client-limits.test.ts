// @vitest-environment node
import { describe, expect, it } from "vitest";

import { CLIENT_LIMITS, takeAttempt } from "@/lib/auth/attempt-limit";
import { clientAddress, UNKNOWN_CLIENT } from "@/lib/auth/client-address";

const headers = (init: Record<string, string>) => new Headers(init);

describe("the client address as the trusted proxy reports it", () => {
  it("believes no header unless one is configured", () => {
    expect(clientAddress(headers({ "x-forwarded-for": "203.0.113.9" }), {})).toBe(UNKNOWN_CLIENT);
  });

  it("takes the entry the proxy appended, not what the client wrote before it", () => {
    const env = { TRUSTED_PROXY_HEADER: "X-Forwarded-For" };
    expect(clientAddress(headers({ "x-forwarded-for": "1.1.1.1, 203.0.113.9" }), env)).toBe(
      "203.0.113.9",
    );
    const twoHops = { ...env, TRUSTED_PROXY_HOPS: "2" };
    expect(
      clientAddress(headers({ "x-forwarded-for": "1.1.1.1, 203.0.113.9, 10.0.0.2" }), twoHops),
    ).toBe("203.0.113.9");
  });

  it("reads a single-address header such as CF-Connecting-IP, and refuses what is not an address", () => {
    const env = { TRUSTED_PROXY_HEADER: "cf-connecting-ip" };
    expect(clientAddress(headers({ "cf-connecting-ip": "2001:DB8::1" }), env)).toBe("2001:db8::1");
    expect(clientAddress(headers({ "cf-connecting-ip": "<script>" }), env)).toBe(UNKNOWN_CLIENT);
    expect(clientAddress(headers({}), env)).toBe(UNKNOWN_CLIENT);
  });
});

describe("per-client budgets", () => {
  it("refuse a client past its budget with the seconds to wait, and leave others alone", () => {
    const { max, windowMs } = CLIENT_LIMITS["link-check"];
    const now = 1_000_000;
    for (let i = 0; i < max; i++) expect(takeAttempt("link-check", "198.51.100.1", now)).toBeNull();
    expect(takeAttempt("link-check", "198.51.100.1", now + 1000)).toBe(windowMs / 1000 - 1);
    expect(takeAttempt("link-check", "198.51.100.2", now + 1000)).toBeNull();
    expect(takeAttempt("link-check", "198.51.100.1", now + windowMs)).toBeNull();
  });
});
