// @vitest-environment node
import { describe, expect, it } from "vitest";

import { passwordResetAnswer } from "@/lib/auth/password-reset";

describe("the password-reset answer tells nothing about who has an account", () => {
  it("is the same when the mail budget of a registered address is spent as when all went well", () => {
    const sent = passwordResetAnswer("someone@example.com", null);
    for (const error of [
      { status: 429, code: "over_email_send_rate_limit", message: "email rate limit exceeded" },
      {
        status: 429,
        code: "over_email_send_rate_limit",
        message: "For security purposes, you can only request this after 42 seconds.",
      },
      { status: 429, code: "over_request_rate_limit", message: "Request rate limit reached" },
    ]) {
      expect(passwordResetAnswer("someone@example.com", error)).toEqual(sent);
    }
    expect(sent.message).toMatch(/If someone@example.com has an account.*try again later\./);
  });

  it("still explains an error that says nothing about the address", () => {
    expect(
      passwordResetAnswer("a@example.com", { status: 500, name: "AuthRetryableFetchError" }),
    ).toEqual({
      error: "We can't reach the server right now. Check your connection and try again.",
    });
  });
});
