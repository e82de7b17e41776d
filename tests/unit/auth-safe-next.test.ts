// @vitest-environment node
import { describe, expect, it } from "vitest";

import { isAuthPage } from "@/lib/auth/routes";
import { returnPathFrom, safeNextPath, signInHref } from "@/lib/auth/safe-next";

describe("safeNextPath", () => {
  it.each([
    ["/account", "/account"],
    ["/docs/sharing?tab=2#top", "/docs/sharing?tab=2#top"],
    ["/", "/"],
    ["/a/../b", "/b"],
  ])("keeps the same-origin path %s", (input, expected) => {
    expect(safeNextPath(input)).toBe(expected);
  });

  it.each([
    "//evil.com",
    "//evil.com/account",
    "/\\evil.com",
    "\\\\evil.com",
    "https://evil.com",
    "http:/evil.com",
    "javascript:alert(1)",
    "/\tevil",
    "/\nevil",
    "account",
    "",
    "///evil.com",
    "/\u0000",
  ])("refuses %j and falls back to /", (input) => {
    expect(safeNextPath(input)).toBe("/");
  });

  it("refuses anything that is not a string", () => {
    expect(safeNextPath(undefined)).toBe("/");
    expect(safeNextPath(null)).toBe("/");
    expect(safeNextPath(["/account"])).toBe("/");
  });

  it("uses the given fallback", () => {
    expect(safeNextPath("//evil.com", "/account")).toBe("/account");
  });
});

describe("signInHref", () => {
  it("carries a safe next", () => {
    expect(signInHref("/account?tab=mfa")).toBe("/sign-in?next=%2Faccount%3Ftab%3Dmfa");
  });

  it("drops an unsafe or trivial next", () => {
    expect(signInHref("//evil.com")).toBe("/sign-in");
    expect(signInHref("/")).toBe("/sign-in");
  });
});

describe("returnPathFrom", () => {
  it("comes back to an ordinary page, query and all", () => {
    expect(returnPathFrom("/docs/sharing?from=mail", isAuthPage)).toBe("/docs/sharing?from=mail");
  });

  it("passes an auth page's own next along instead of nesting it", () => {
    expect(returnPathFrom("/sign-in?next=%2Faccount", isAuthPage)).toBe("/account");
    expect(returnPathFrom("/sign-up", isAuthPage)).toBe("/");
    expect(returnPathFrom("/sign-in?next=%2F%2Fevil.example", isAuthPage)).toBe("/");
  });
});
