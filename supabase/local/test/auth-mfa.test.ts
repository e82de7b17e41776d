import { Secret, TOTP } from "otpauth";
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

const codeFor = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

async function signedInClient() {
  const client = browserClient(t);
  const email = uniqueEmail("mfa");
  await client.auth.signUp({ email, password: PASSWORD });
  return { client, email };
}

describe("TOTP factors", () => {
  it("enroll, challenge and verify raise the session from aal1 to aal2", async () => {
    const { client } = await signedInClient();
    const before = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal1" });

    const { data: factor, error } = await client.auth.mfa.enroll({
      factorType: "totp",
      friendlyName: "phone app",
    });
    expect(error).toBeNull();
    expect(factor?.type).toBe("totp");
    expect(factor?.totp.qr_code.startsWith("data:image/svg+xml;utf-8,<svg")).toBe(true);
    expect(factor?.totp.uri).toMatch(/^otpauth:\/\/totp\//);
    const secret = factor?.totp.secret ?? "";

    const { data: challenge } = await client.auth.mfa.challenge({ factorId: factor!.id });
    expect(challenge?.expires_at).toBeGreaterThan(Date.now() / 1000);
    const wrong = await client.auth.mfa.verify({
      factorId: factor!.id,
      challengeId: challenge!.id,
      code: "000000",
    });
    expect(wrong.error?.status).toBe(422);
    expect(wrong.error?.code).toBe("mfa_verification_failed");

    const verified = await client.auth.mfa.verify({
      factorId: factor!.id,
      challengeId: challenge!.id,
      code: codeFor(secret),
    });
    expect(verified.error).toBeNull();
    const after = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(after.data?.currentLevel).toBe("aal2");
    expect(after.data?.nextLevel).toBe("aal2");
    expect(
      after.data?.currentAuthenticationMethods.map((m) => (typeof m === "string" ? m : m.method)),
    ).toContain("totp");

    const { data: factors } = await client.auth.mfa.listFactors();
    expect(factors?.totp.map((f) => f.status)).toEqual(["verified"]);
  });

  it("a new sign-in of a user with a verified factor is aal1 with next level aal2", async () => {
    const { client, email } = await signedInClient();
    const { data: factor } = await client.auth.mfa.enroll({ factorType: "totp" });
    await client.auth.mfa.challengeAndVerify({
      factorId: factor!.id,
      code: codeFor(factor!.totp.secret),
    });
    const other = browserClient(t);
    await other.auth.signInWithPassword({ email, password: PASSWORD });
    const { data } = await other.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
    const update = await other.auth.updateUser({ password: "needs aal2 first" });
    expect(update.error?.code).toBe("insufficient_aal");
    const unenroll = await other.auth.mfa.unenroll({ factorId: factor!.id });
    expect(unenroll.error?.code).toBe("insufficient_aal");
    expect((await client.auth.mfa.unenroll({ factorId: factor!.id })).error).toBeNull();
  });

  it("unknown factors are mfa_factor_not_found, and an unverified factor can be removed", async () => {
    const { client } = await signedInClient();
    const missing = await client.auth.mfa.challenge({
      factorId: "7d3c1d2c-6a43-4c55-9e4e-4a0d3b7a1f00",
    });
    expect(missing.error?.code).toBe("mfa_factor_not_found");
    const { data: factor } = await client.auth.mfa.enroll({
      factorType: "totp",
      friendlyName: "one",
    });
    const dup = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "one" });
    expect(dup.error?.code).toBe("mfa_factor_name_conflict");
    expect((await client.auth.mfa.unenroll({ factorId: factor!.id })).error).toBeNull();
  });
});
