import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PASSWORD,
  browserClient,
  startTestBackend,
  uniqueEmail,
  type TestBackend,
} from "./support/auth-support";

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
  t.backend.config.auth.email.enableConfirmations = false;
});
afterAll(() => t?.stop());

const refresh = (refreshToken: string) =>
  fetch(`${t.url}/auth/v1/token?grant_type=refresh_token`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-supabase-api-version": "2024-01-01" },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });

describe("refresh-token reuse detection", () => {
  it("ends the session for good: not even its newest token refreshes within the reuse interval", async () => {
    const { data } = await browserClient(t).auth.signUp({
      email: uniqueEmail(),
      password: PASSWORD,
    });
    const first = data.session!.refresh_token;
    const second = (await (await refresh(first)).json()).refresh_token as string;
    const third = (await (await refresh(second)).json()).refresh_token as string;
    // The first token was replaced a minute ago, well outside the reuse interval.
    await t.backend.db.query(
      "update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1",
      [first],
    );
    const reuse = await refresh(first);
    expect(reuse.status).toBe(400);
    expect((await reuse.json()).code).toBe("refresh_token_already_used");

    for (const token of [third, second, first, third]) {
      const res = await refresh(token);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: "refresh_token_already_used",
        message: "Invalid Refresh Token: Already Used",
      });
    }
  });

  it("the session's MFA step cannot mint a new refresh token either", async () => {
    const client = browserClient(t);
    const { data } = await client.auth.signUp({ email: uniqueEmail(), password: PASSWORD });
    const first = data.session!.refresh_token;
    const second = (await (await refresh(first)).json()).refresh_token as string;
    const third = (await (await refresh(second)).json()).refresh_token as string;
    await t.backend.db.query(
      "update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1",
      [first],
    );
    expect((await refresh(first)).status).toBe(400);
    const { data: factor } = await client.auth.mfa.enroll({ factorType: "totp" });
    const { Secret, TOTP } = await import("otpauth");
    const code = new TOTP({ secret: Secret.fromBase32(factor!.totp.secret) }).generate();
    const verified = await client.auth.mfa.challengeAndVerify({ factorId: factor!.id, code });
    expect(verified.error?.code).toBe("refresh_token_already_used");
    expect((await refresh(third)).status).toBe(400);
  });
});
