// @vitest-environment node
import { describe, expect, it } from "vitest";

import {
  htmlThemeAttributes,
  isThemeChoice,
  parseThemeCookie,
  serializeThemeCookie,
  THEME_COOKIE,
} from "@/lib/theme/theme-cookie";

describe("theme cookie", () => {
  it("is called theme", () => {
    expect(THEME_COOKIE).toBe("theme");
  });

  it("accepts exactly the three choices", () => {
    expect(["light", "dark", "system"].every(isThemeChoice)).toBe(true);
    expect(isThemeChoice("Dark")).toBe(false);
    expect(isThemeChoice("")).toBe(false);
    expect(isThemeChoice(undefined)).toBe(false);
  });

  it("parses a valid choice and treats anything else as system", () => {
    expect(parseThemeCookie("dark")).toBe("dark");
    expect(parseThemeCookie("light")).toBe("light");
    expect(parseThemeCookie("system")).toBe("system");
    expect(parseThemeCookie(undefined)).toBe("system");
    expect(parseThemeCookie(null)).toBe("system");
    expect(parseThemeCookie("purple")).toBe("system");
    expect(parseThemeCookie("dark; Path=/")).toBe("system");
  });

  it("serializes for the whole site, for one year, SameSite=Lax", () => {
    const cookie = serializeThemeCookie("dark");
    expect(cookie.split("; ")).toEqual([
      "theme=dark",
      "Path=/",
      "Max-Age=31536000",
      "SameSite=Lax",
    ]);
  });

  it("adds Secure only when asked (https)", () => {
    expect(serializeThemeCookie("light", { secure: true })).toMatch(/; Secure$/);
    expect(serializeThemeCookie("light")).not.toMatch(/Secure/);
  });

  it("round-trips through parse", () => {
    for (const choice of ["light", "dark", "system"] as const) {
      const value = serializeThemeCookie(choice).split(";")[0]!.split("=")[1];
      expect(parseThemeCookie(value)).toBe(choice);
    }
  });

  it("renders an explicit choice into <html> and leaves system to the client script", () => {
    expect(htmlThemeAttributes("dark")).toEqual({
      className: "dark",
      style: { colorScheme: "dark" },
    });
    expect(htmlThemeAttributes("light")).toEqual({
      className: "light",
      style: { colorScheme: "light" },
    });
    expect(htmlThemeAttributes("system")).toEqual({});
  });
});
