import { createHash } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PASSWORD,
  browserClient,
  codeIn,
  lastMailTo,
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

/** GoTrue's token hash: hex SHA-224 of the address followed by the code. */
const tokenHash = (email: string, code: string) =>
  createHash("sha224")
    .update(email + code)
    .digest("hex");

/** A wrong 6-digit code that is certainly not `real`. */
const wrongCode = (real: string, i: number) =>
  String((Number(real) + 1 + i) % 1_000_000).padStart(6, "0");

describe("wrong guesses end a code whatever address they come from", () => {
  it("five wrong email codes end the code; the real one no longer signs in", async () => {
    const email = uniqueEmail("guessed");
    const client = browserClient(t);
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    const code = codeIn(await lastMailTo(t, email));
    for (let i = 0; i < 5; i++) {
      const { error } = await browserClient(t).auth.verifyOtp({
        email,
        token: wrongCode(code, i),
        type: "email",
      });
      expect(error?.code).toBe("otp_expired");
    }
    const real = await client.auth.verifyOtp({ email, token: code, type: "email" });
    expect(real.error?.code).toBe("otp_expired");
    expect(real.data.session).toBeNull();

    // A new code works again.
    await t.backend.db.query(
      "update auth.users set recovery_sent_at = now() - interval '2 minutes' where email = $1",
      [email],
    );
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    const fresh = codeIn(await lastMailTo(t, email));
    const signedIn = await client.auth.verifyOtp({ email, token: fresh, type: "email" });
    expect(signedIn.error).toBeNull();
  });

  it("a few wrong codes and then the right one still signs in", async () => {
    const email = uniqueEmail("typo");
    const client = browserClient(t);
    await client.auth.signInWithOtp({ email });
    const code = codeIn(await lastMailTo(t, email));
    for (let i = 0; i < 2; i++)
      await client.auth.verifyOtp({ email, token: wrongCode(code, i), type: "email" });
    expect((await client.auth.verifyOtp({ email, token: code, type: "email" })).error).toBeNull();
  });

  it("a token hash that failed five times is refused without another look", async () => {
    const email = uniqueEmail("hash");
    const hash = tokenHash(email, "000000");
    for (let i = 0; i < 6; i++) {
      const { error } = await browserClient(t).auth.verifyOtp({ token_hash: hash, type: "email" });
      expect(error?.code).toBe("otp_expired");
    }
    const { rows } = await t.backend.db.query("select 1 from auth.users where email = $1", [email]);
    expect(rows).toEqual([]);
  });

  it("five wrong TOTP codes end the MFA challenge; its right code no longer verifies", async () => {
    const client = browserClient(t);
    await client.auth.signUp({ email: uniqueEmail("totp"), password: PASSWORD });
    const { data: factor } = await client.auth.mfa.enroll({ factorType: "totp" });
    const totp = new TOTP({ secret: Secret.fromBase32(factor!.totp.secret) });
    const { data: challenge } = await client.auth.mfa.challenge({ factorId: factor!.id });
    const real = totp.generate();
    for (let i = 0; i < 5; i++) {
      const wrong = await client.auth.mfa.verify({
        factorId: factor!.id,
        challengeId: challenge!.id,
        code: wrongCode(real, i),
      });
      expect(wrong.error?.code).toBe("mfa_verification_failed");
    }
    const late = await client.auth.mfa.verify({
      factorId: factor!.id,
      challengeId: challenge!.id,
      code: totp.generate(),
    });
    expect(late.error?.status).toBe(422);
    expect(late.error?.code).toBe("mfa_factor_not_found");
  });

  it("a factor rests after ten wrong codes across challenges", async () => {
    const client = browserClient(t);
    await client.auth.signUp({ email: uniqueEmail("rest"), password: PASSWORD });
    const { data: factor } = await client.auth.mfa.enroll({ factorType: "totp" });
    const totp = new TOTP({ secret: Secret.fromBase32(factor!.totp.secret) });
    for (let round = 0; round < 2; round++) {
      const { data: challenge } = await client.auth.mfa.challenge({ factorId: factor!.id });
      for (let i = 0; i < 5; i++)
        await client.auth.mfa.verify({
          factorId: factor!.id,
          challengeId: challenge!.id,
          code: wrongCode(totp.generate(), i),
        });
    }
    const { data: challenge } = await client.auth.mfa.challenge({ factorId: factor!.id });
    const resting = await client.auth.mfa.verify({
      factorId: factor!.id,
      challengeId: challenge!.id,
      code: totp.generate(),
    });
    expect(resting.error?.status).toBe(429);
  });
});
