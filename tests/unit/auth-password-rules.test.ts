// @vitest-environment node
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { MIN_PASSWORD_LENGTH, passwordSchema } from "@/lib/auth/schemas";

const configToml = readFileSync(path.join(process.cwd(), "supabase", "config.toml"), "utf8");

describe("the forms check the auth server's password rules before submit", () => {
  it("use the same minimum and requirements as supabase/config.toml", () => {
    expect(configToml).toMatch(
      new RegExp(`^minimum_password_length = ${MIN_PASSWORD_LENGTH}$`, "m"),
    );
    expect(configToml).toMatch(/^password_requirements = "letters_digits"$/m);
  });

  it.each([
    ["12345678", "Use at least 12 characters."],
    ["password", "Use at least 12 characters."],
    ["        ", "Use at least 12 characters."],
    ["123456789012", "Add at least one letter."],
    ["passwordpassword", "Add at least one digit."],
    ["long password 1\u0007", "Use only characters you can type: no control characters."],
  ])("refuse %j", (password, message) => {
    const result = passwordSchema.safeParse(password);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(message);
  });

  it("accept a long password with letters and digits", () => {
    expect(passwordSchema.safeParse("correct-horse-battery-9").success).toBe(true);
  });
});
