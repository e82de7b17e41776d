// @vitest-environment node
import { describe, expect, it } from "vitest";

import { CODE_SENT, passwordChangeRefusal, signedInByMail } from "@/lib/account/password-change";
import { passwordProofSchema } from "@/lib/account/password-proof-schema";

describe("which sessions may set a password without the current one", () => {
  it("those opened from a mailed code or link, as GoTrue's Session.IsRecovery", () => {
    const at = 1_700_000_000;
    expect(signedInByMail([{ method: "otp", timestamp: at }])).toBe(true);
    expect(signedInByMail([{ method: "recovery", timestamp: at }])).toBe(true);
    expect(signedInByMail([{ method: "magiclink", timestamp: at }])).toBe(true);
    expect(signedInByMail(["otp"])).toBe(true);
    expect(signedInByMail([{ method: "password", timestamp: at }])).toBe(false);
    expect(signedInByMail([{ method: "password" }, { method: "totp" }])).toBe(false);
    expect(signedInByMail(undefined)).toBe(false);
  });
});

describe("what a refused password change tells the person", () => {
  it("puts Auth's refusals next to the field they concern", () => {
    expect(passwordChangeRefusal({ code: "current_password_required" })).toEqual({
      fields: { current_password: "Enter your current password." },
    });
    expect(passwordChangeRefusal({ code: "current_password_invalid" })).toEqual({
      fields: { current_password: "That is not your current password." },
    });
    expect(passwordChangeRefusal({ code: "invalid_credentials" }).fields?.current_password).toBe(
      "That is not your current password.",
    );
    expect(passwordChangeRefusal({ code: "reauthentication_needed" })).toEqual({
      fields: { code: CODE_SENT },
    });
    expect(passwordChangeRefusal({ code: "reauthentication_not_valid" }).fields?.code).toMatch(
      /wrong or has expired/,
    );
    expect(passwordChangeRefusal({ code: "same_password" })).toEqual({
      error: "Your new password must be different from the old one.",
    });
  });
});

describe("the proof read from the form", () => {
  it("keeps what was sent and turns anything odd into nothing", () => {
    expect(
      passwordProofSchema.parse({ proof: "code", current_password: "x", code: " 123456 " }),
    ).toEqual({ proof: "code", current_password: "x", code: "123456" });
    expect(passwordProofSchema.parse({ proof: "other", code: "9".repeat(100) })).toEqual({
      proof: "password",
      current_password: "",
      code: "",
    });
  });
});
