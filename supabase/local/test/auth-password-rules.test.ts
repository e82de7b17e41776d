import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  browserClient,
  startTestBackend,
  uniqueEmail,
  type TestBackend,
} from "./support/auth-support";

// The project's own supabase/config.toml: minimum_password_length and password_requirements.
let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
});
afterAll(() => t?.stop());

const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const TOO_SHORT = "Password should be at least 12 characters.";
const NEEDS = `Password should contain at least one character of each: ${LETTERS}, 0123456789.`;

describe("the password rules in config.toml, with GoTrue's codes and wording", () => {
  it.each([
    ["12345678", ["length", "characters"], `${TOO_SHORT} ${NEEDS}`],
    ["password", ["length", "characters"], `${TOO_SHORT} ${NEEDS}`],
    ["        ", ["length", "characters"], `${TOO_SHORT} ${NEEDS}`],
    ["passwordpassword", ["characters"], NEEDS],
    ["123456789012", ["characters"], NEEDS],
    ["shrt pass 1", ["length"], TOO_SHORT],
  ] as [string, string[], string][])("refuses %j", async (password, reasons, message) => {
    const { data, error } = await browserClient(t).auth.signUp({
      email: uniqueEmail("weak"),
      password,
    });
    expect(data.user).toBeNull();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe("weak_password");
    expect(error?.message).toBe(message);
    expect((error as { reasons?: string[] }).reasons).toEqual(reasons);
  });

  it("accepts a long password with letters and digits", async () => {
    const { error } = await browserClient(t).auth.signUp({
      email: uniqueEmail("strong"),
      password: "twelve chars 1",
    });
    expect(error).toBeNull();
  });
});
