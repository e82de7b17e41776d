// @vitest-environment node
import { describe, expect, it } from "vitest";

import { afterLink, linkNextPath } from "@/lib/auth/callback-outcome";

describe("next on a token_hash mail link", () => {
  it("keeps a path on this site", () => {
    expect(linkNextPath("/account")).toBe("/account");
    expect(linkNextPath(null)).toBe("/");
    expect(linkNextPath("")).toBe("/");
  });

  it("takes the next an app callback URL carries ({{ .RedirectTo }} in the templates)", () => {
    expect(linkNextPath("http://127.0.0.1:3100/auth/callback?next=%2Fnotes%3Fa%3D1")).toBe(
      "/notes?a=1",
    );
    expect(linkNextPath("http://127.0.0.1:3100/auth/callback")).toBe("/");
    expect(linkNextPath("https://app.example/notes/1?x=2#top")).toBe("/notes/1?x=2#top");
    expect(linkNextPath("https://app.example")).toBe("/");
  });

  it("never leaves the site", () => {
    expect(linkNextPath("//evil.example/x")).toBe("/");
    expect(linkNextPath("https://evil.example/auth/callback?next=//evil.example")).toBe("/");
    expect(linkNextPath("https://evil.example/phish")).toBe("/phish");
    expect(linkNextPath("javascript:alert(1)")).toBe("/");
    expect(linkNextPath("not a url")).toBe("/");
  });

  it("sends recovery and invitations to choose a password, everything else to next", () => {
    expect(afterLink("recovery", "/account")).toBe("/update-password");
    expect(afterLink("invite", null)).toBe("/update-password");
    // An invitation to a note opens it once the password is chosen.
    expect(afterLink("invite", "http://127.0.0.1:3100/notes/abc")).toBe(
      "/update-password?next=%2Fnotes%2Fabc",
    );
    expect(afterLink("invite", "https://evil.example//evil.example")).toBe("/update-password");
    expect(afterLink("email", "http://127.0.0.1:3100/auth/callback?next=%2Fnotes")).toBe("/notes");
    expect(afterLink("magiclink", "/account")).toBe("/account");
    expect(afterLink("email_change", "http://127.0.0.1:3100/auth/callback?next=%2Faccount")).toBe(
      "/account",
    );
    expect(afterLink("signup", null)).toBe("/");
  });
});
