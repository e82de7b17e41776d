import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminClient,
  startTestBackend,
  uniqueEmail,
  type TestBackend,
} from "./support/auth-support";

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
  t.backend.config.auth.siteUrl = "https://notes.example.com";
  t.backend.config.auth.additionalRedirectUrls = [
    "https://notes.example.com/**",
    "https://*.preview.example.com/auth/*",
  ];
});
afterAll(() => t?.stop());

/** Where a mail link made with this redirect_to would send the browser. */
async function redirectFor(redirectTo: string): Promise<string> {
  const { data, error } = await adminClient(t).auth.admin.generateLink({
    type: "magiclink",
    email: uniqueEmail("redirect"),
    options: { redirectTo },
  });
  if (error) throw error;
  return data.properties.redirect_to;
}

describe("redirect_to is matched as GoTrue matches it", () => {
  it.each([
    "https://notes.example.com/auth/confirm?next=/account",
    "https://notes.example.com/#section",
    "https://pr-7.preview.example.com/auth/callback",
  ])("keeps %s", async (url) => {
    expect(await redirectFor(url)).toBe(url);
  });

  it.each([
    "javascript://notes.example.com/%0aalert(1)",
    "data://notes.example.com/text/html,hi",
    "http://notes.example.com/",
    "https://notes.example.com:8443/",
    "https://notes.example.com.evil.example/",
    "https://evil.example/?https://notes.example.com/",
    "https://a.b.preview.example.com/auth/callback",
    "https://pr-7.preview.example.com/auth/callback/deeper",
    "https://2130706433/",
    " https://notes.example.com/",
    "https://notes.example.com/\tx",
  ])("falls back to the site URL for %s", async (url) => {
    expect(await redirectFor(url)).toBe("https://notes.example.com");
  });
});
