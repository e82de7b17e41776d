// @vitest-environment node
import { describe, expect, it } from "vitest";

import { normalizeUsername, profileSaveError, usernameProblem } from "@/lib/profile/username";

describe("usernames", () => {
  it("fold case and trim as you type", () => {
    expect(normalizeUsername("  Ada_L ")).toBe("ada_l");
  });

  it("explain what can never be valid", () => {
    expect(usernameProblem("ab")).toBe("Use at least 3 characters.");
    expect(usernameProblem("a".repeat(31))).toBe("Use at most 30 characters.");
    expect(usernameProblem("ada-l")).toBe("Use only letters a-z, digits and _.");
    expect(usernameProblem("ada_l")).toBeNull();
  });

  it("turn database refusals into sentences", () => {
    expect(profileSaveError({ code: "23505" })).toMatch(/just taken/);
    expect(
      profileSaveError({
        code: "23514",
        message: 'violates check constraint "profiles_username_not_reserved"',
      }),
    ).toMatch(/reserved/);
    expect(
      profileSaveError({
        code: "23514",
        message: 'violates check constraint "profiles_display_name_length"',
      }),
    ).toMatch(/80 characters/);
    expect(profileSaveError({ code: "08006" })).toMatch(/could not be saved/);
  });
});
