// GoTrue's POST /verify (internal/api/verify.go, Validate and verifyUserAndToken) does not ask
// whether phone sign-in is switched on: a phone code is looked up like any other, and with no user
// or no code sent it is 403 otp_expired "Token has expired or is invalid".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserClient, startTestBackend, type TestBackend } from "./support/auth-support";

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
});
afterAll(() => t?.stop());

describe("verifyOtp for a phone while phone logins are off", () => {
  it("answers 403 otp_expired for an sms code with empty options, as GoTrue does", async () => {
    expect(t.backend.config.auth.sms.enableSignup).toBe(false);
    const { data, error } = await browserClient(t).auth.verifyOtp({
      phone: "+15555550123",
      token: "123456",
      type: "sms",
      options: {},
    });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({
      status: 403,
      code: "otp_expired",
      message: "Token has expired or is invalid",
    });
  });

  it("answers the same for a phone change code", async () => {
    const { error } = await browserClient(t).auth.verifyOtp({
      phone: "+15555550123",
      token: "123456",
      type: "phone_change",
    });
    expect(error).toMatchObject({ status: 403, code: "otp_expired" });
  });

  it("still checks the number first: 400 validation_failed for one that is not E.164", async () => {
    const { error } = await browserClient(t).auth.verifyOtp({
      phone: "not a number",
      token: "123456",
      type: "sms",
    });
    expect(error).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "Invalid phone number format (E.164 required)",
    });
  });
});
