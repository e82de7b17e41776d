// @vitest-environment node
import { describe, expect, it } from "vitest";

import { LOCAL_SITE_URL, parseSiteUrl, SiteUrlError } from "@/lib/site-url";

describe("the site URL comes from configuration only", () => {
  it("is SITE_URL's origin when set", () => {
    expect(parseSiteUrl({ SITE_URL: "https://notes.example.com/some/path" })).toBe(
      "https://notes.example.com",
    );
  });

  it("defaults to the local dev server outside production, and with GROUNDWORK_LOCAL=1", () => {
    expect(parseSiteUrl({ NODE_ENV: "development" })).toBe(LOCAL_SITE_URL);
    expect(parseSiteUrl({ NODE_ENV: "production", GROUNDWORK_LOCAL: "1" })).toBe(LOCAL_SITE_URL);
  });

  it("is required in production, and must be an http(s) URL", () => {
    expect(() => parseSiteUrl({ NODE_ENV: "production" })).toThrow(SiteUrlError);
    expect(() => parseSiteUrl({ SITE_URL: "notes.example.com" })).toThrow(/not a URL/);
    expect(() => parseSiteUrl({ SITE_URL: "javascript:alert(1)" })).toThrow(/http\(s\)/);
  });
});
