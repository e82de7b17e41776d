// @vitest-environment node
import { describe, expect, it } from "vitest";

import {
  authErrorMessage,
  isNetworkError,
  NETWORK_ERROR_MESSAGE,
  retryAfterSeconds,
} from "@/lib/auth/error-messages";

const codes = [
  "invalid_credentials",
  "email_not_confirmed",
  "user_already_exists",
  "weak_password",
  "over_request_rate_limit",
  "over_email_send_rate_limit",
  "otp_expired",
  "mfa_verification_failed",
  "same_password",
  "session_not_found",
  "flow_state_not_found",
  "bad_code_verifier",
  "insufficient_aal",
];

describe("authErrorMessage", () => {
  it.each(codes)("gives %s its own plain sentence", (code) => {
    const message = authErrorMessage({
      name: "AuthApiError",
      code,
      status: 400,
      message: "raw server text",
    });
    expect(message).not.toMatch(/raw server text|_/);
    expect(message).toMatch(/^[A-Z].*[.!]$/);
  });

  it("gives different codes different sentences", () => {
    const messages = new Set(
      ["invalid_credentials", "weak_password", "otp_expired"].map((code) =>
        authErrorMessage({ code }),
      ),
    );
    expect(messages.size).toBe(3);
  });

  it("says the server can't be reached when the request never got through", () => {
    expect(
      authErrorMessage({ name: "AuthRetryableFetchError", status: 0, message: "Failed to fetch" }),
    ).toBe(NETWORK_ERROR_MESSAGE);
    expect(authErrorMessage({ name: "AuthRetryableFetchError", status: 503 })).toBe(
      NETWORK_ERROR_MESSAGE,
    );
    expect(isNetworkError({ name: "TypeError", message: "fetch failed" })).toBe(true);
  });

  it("treats an unknown 429 as a rate limit and anything else unknown as a generic failure", () => {
    expect(authErrorMessage({ status: 429, code: "something_new" })).toMatch(/too many attempts/i);
    expect(authErrorMessage({ status: 400, code: "something_new" })).toMatch(
      /something went wrong/i,
    );
    expect(authErrorMessage(null)).toMatch(/something went wrong/i);
  });
});

describe("retryAfterSeconds", () => {
  it("reads the wait from the server's sentence", () => {
    expect(
      retryAfterSeconds({
        status: 429,
        code: "over_email_send_rate_limit",
        message: "For security purposes, you can only request this after 42 seconds.",
      }),
    ).toBe(42);
  });

  it("falls back for a rate limit without a number, and is null for other errors", () => {
    expect(
      retryAfterSeconds({ status: 429, code: "over_request_rate_limit", message: "Too many" }),
    ).toBe(60);
    expect(retryAfterSeconds({ status: 400, code: "invalid_credentials" })).toBeNull();
  });
});
