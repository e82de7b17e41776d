import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserClient, PASSWORD } from "./support/auth-support";
import { startTestBackend, type TestBackend } from "./support/local-backend";

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend({ supabaseDir: path.join(import.meta.dirname, "fixtures", "phone") });
});
afterAll(() => t?.stop());

describe("phone sign-up and sign-in with [auth.sms] test OTPs", () => {
  it("signs up, refuses the password until the code confirms the number, then signs in", async () => {
    const client = browserClient(t);
    const { data, error } = await client.auth.signUp({
      phone: "+1 415 212 7777",
      password: PASSWORD,
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.phone).toBe("14152127777");
    const early = await client.auth.signInWithPassword({
      phone: "+14152127777",
      password: PASSWORD,
    });
    expect(early.error).toMatchObject({ status: 400, code: "phone_not_confirmed" });
    const wrong = await client.auth.verifyOtp({
      phone: "+14152127777",
      token: "000000",
      type: "sms",
    });
    expect(wrong.error).toMatchObject({ status: 403, code: "otp_expired" });
    const verified = await client.auth.verifyOtp({
      phone: "+14152127777",
      token: "123456",
      type: "sms",
    });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.phone).toBe("14152127777");
    expect(verified.data.user?.phone_confirmed_at).toBeTruthy();
    const again = await browserClient(t).auth.signInWithPassword({
      phone: "+14152127777",
      password: PASSWORD,
    });
    expect(again.error).toBeNull();
    expect(again.data.session?.access_token).toBeTruthy();
  });

  it("signs in with an SMS code, creating the user", async () => {
    const client = browserClient(t);
    const sent = await client.auth.signInWithOtp({ phone: "+14155550100" });
    expect(sent.error).toBeNull();
    expect(sent.data.messageId).toBe("test-otp");
    const { data, error } = await client.auth.verifyOtp({
      phone: "14155550100",
      token: "654321",
      type: "sms",
    });
    expect(error).toBeNull();
    expect(data.user?.phone).toBe("14155550100");
    expect((await client.auth.getUser()).data.user?.app_metadata.provider).toBe("phone");
  });

  it("answers GoTrue's E.164 error and a send failure for numbers without a test OTP", async () => {
    const client = browserClient(t);
    const bad = await client.auth.signUp({ phone: "+12ab", password: PASSWORD });
    expect(bad.error).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "Invalid phone number format (E.164 required)",
    });
    const unknown = await client.auth.signInWithOtp({ phone: "+4930123456" });
    expect(unknown.error).toMatchObject({ status: 422, code: "sms_send_failed" });
  });

  it("says phone sign-up is on in /settings", async () => {
    const res = await fetch(`${t.url}/auth/v1/settings`);
    expect(await res.json()).toMatchObject({
      external: { phone: true },
      phone_autoconfirm: false,
    });
  });
});
