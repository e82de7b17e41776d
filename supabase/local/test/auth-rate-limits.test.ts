import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PASSWORD,
  adminClient,
  browserClient,
  startTestBackend,
  uniqueEmail,
  type TestBackend,
} from "./support/auth-support";

let t: TestBackend;
const previous = process.env.SUPABASE_LOCAL_RATE_LIMITS;
beforeAll(async () => {
  process.env.SUPABASE_LOCAL_RATE_LIMITS = "on";
  t = await startTestBackend();
});
afterAll(async () => {
  process.env.SUPABASE_LOCAL_RATE_LIMITS = previous;
  await t?.stop();
});

describe("rate limits", () => {
  it("answer 429 over_request_rate_limit past sign_in_sign_ups", async () => {
    const email = uniqueEmail("limited");
    await adminClient(t).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    t.backend.config.auth.rateLimit.signInSignUps = 2;
    const statuses: (number | undefined)[] = [];
    for (let i = 0; i < 3; i++) {
      const { error } = await browserClient(t).auth.signInWithPassword({
        email,
        password: PASSWORD,
      });
      statuses.push(error?.status);
      if (i === 2) expect(error?.code).toBe("over_request_rate_limit");
    }
    expect(statuses).toEqual([undefined, undefined, 429]);
  });

  it("answer 429 over_email_send_rate_limit past email_sent, and within max_frequency", async () => {
    t.backend.config.auth.rateLimit.signInSignUps = 1000;
    t.backend.config.auth.rateLimit.emailSent = 1;
    const email = uniqueEmail("mail");
    const first = await browserClient(t).auth.signUp({ email, password: PASSWORD });
    expect(first.error).toBeNull();
    const again = await browserClient(t).auth.resend({ type: "signup", email });
    expect(again.error?.status).toBe(429);
    expect(again.error?.code).toBe("over_email_send_rate_limit");

    t.backend.config.auth.rateLimit.emailSent = 1000;
    const soon = await browserClient(t).auth.resend({ type: "signup", email });
    expect(soon.error?.status).toBe(429);
    expect(soon.error?.message).toMatch(/only request this after \d+ seconds/);
  });
});
