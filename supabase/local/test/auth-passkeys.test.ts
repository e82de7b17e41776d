import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, browserClient, uniqueEmail, type TestBackend } from "./support/auth-support";
import { LOCAL_SECRET_KEY } from "./support/local-backend";
import { call, enableWebAuthn, signedIn, startWebAuthnBackend } from "./support/webauthn-api";

/** What a client sees when it asks for a passkey ceremony wrongly, or not at all. */
let t: TestBackend;
beforeAll(async () => {
  t = await startWebAuthnBackend();
});
afterAll(() => t?.stop());

describe("switched off (the CLI's default)", () => {
  beforeAll(() => enableWebAuthn(t, false));

  it("every passkey route answers 404 passkey_disabled, before it looks at the caller", async () => {
    for (const [method, route] of [
      ["POST", "/passkeys/authentication/options"],
      ["POST", "/passkeys/authentication/verify"],
      ["POST", "/passkeys/registration/options"],
      ["GET", "/passkeys"],
      ["DELETE", "/passkeys/00000000-0000-4000-8000-000000000000"],
    ]) {
      const res = await call(t, method, route, null, method === "POST" ? {} : undefined);
      expect(res, `${method} ${route}`).toEqual({
        status: 404,
        body: { code: "passkey_disabled", message: "Passkeys are disabled" },
      });
    }
    const settings = await call(t, "GET", "/settings", null);
    expect(settings.body.passkeys_enabled).toBe(false);
  });
});

describe("switched on", () => {
  beforeAll(() => enableWebAuthn(t, true));

  it("passkey registration options ask for a discoverable credential; anonymous and signed-out callers are refused", async () => {
    const { token, userId } = await signedIn(t);
    const res = await call(t, "POST", "/passkeys/registration/options", token, {});
    expect(res.status).toBe(200);
    expect(res.body.challenge_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.options).toMatchObject({
      rp: { name: "Groundwork", id: "localhost" },
      attestation: "none",
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    });
    expect(Buffer.from(res.body.options.user.id, "base64url").toString()).toBe(userId);
    expect((await call(t, "POST", "/passkeys/registration/options", null, {})).status).toBe(401);

    const anon = browserClient(t);
    t.backend.config.auth.enableAnonymousSignIns = true;
    const { data } = await anon.auth.signInAnonymously();
    t.backend.config.auth.enableAnonymousSignIns = false;
    const refused = await call(
      t,
      "POST",
      "/passkeys/registration/options",
      data.session!.access_token,
      {},
    );
    expect(refused).toEqual({
      status: 403,
      body: {
        code: "no_authorization",
        message: "Anonymous user not allowed to perform these actions",
      },
    });
  });

  it("once MFA is on, managing passkeys needs an aal2 session", async () => {
    const email = uniqueEmail("webauthn-aal");
    const first = browserClient(t);
    await first.auth.signUp({ email, password: PASSWORD });
    const { data: factor } = await first.auth.mfa.enroll({ factorType: "totp" });
    const code = () => new TOTP({ secret: Secret.fromBase32(factor!.totp.secret) }).generate();
    await first.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: code() });

    // A new sign-in with the password alone is aal1.
    const second = browserClient(t);
    const { data } = await second.auth.signInWithPassword({ email, password: PASSWORD });
    expect(
      await call(t, "POST", "/passkeys/registration/options", data.session!.access_token, {}),
    ).toEqual({
      status: 403,
      body: {
        code: "insufficient_aal",
        message: "AAL2 session is required to manage passkeys when MFA is enabled",
      },
    });
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(
      (await call(t, "DELETE", `/passkeys/${missing}`, data.session!.access_token)).status,
    ).toBe(403);
    await second.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: code() });
    const { data: raised } = await second.auth.getSession();
    const res = await call(
      t,
      "POST",
      "/passkeys/registration/options",
      raised.session!.access_token,
      {},
    );
    expect(res.status).toBe(200);
  });

  it("passkey verify checks its body, and a challenge answers once and only while fresh", async () => {
    const { token } = await signedIn(t);
    const verify = (body: unknown) => call(t, "POST", "/passkeys/registration/verify", token, body);
    expect((await verify({})).body).toEqual({
      code: "validation_failed",
      message: "challenge_id is required",
    });
    expect((await verify({ challenge_id: "x" })).body.message).toBe("credential is required");
    expect((await verify({ challenge_id: "x", credential: {} })).body.message).toBe(
      "challenge_id must be a valid UUID",
    );
    const { body: first } = await call(t, "POST", "/passkeys/registration/options", token, {});
    expect(await verify({ challenge_id: first.challenge_id, credential: { id: "x" } })).toEqual({
      status: 400,
      body: { code: "webauthn_verification_failed", message: "Invalid credential response" },
    });
    // That attempt spent the challenge.
    expect(await verify({ challenge_id: first.challenge_id, credential: {} })).toEqual({
      status: 400,
      body: {
        code: "webauthn_challenge_not_found",
        message: "Challenge not found or already used",
      },
    });
    const { body: second } = await call(t, "POST", "/passkeys/registration/options", token, {});
    await t.backend.db.query(
      "update auth.webauthn_challenges set expires_at = now() - interval '1 second' where id = $1",
      [second.challenge_id],
    );
    expect(await verify({ challenge_id: second.challenge_id, credential: {} })).toEqual({
      status: 400,
      body: { code: "webauthn_challenge_expired", message: "Challenge has expired" },
    });
    // A sign-in challenge is no registration challenge.
    const { body: signIn } = await call(t, "POST", "/passkeys/authentication/options", null, {});
    expect((await verify({ challenge_id: signIn.challenge_id, credential: {} })).body.code).toBe(
      "webauthn_challenge_not_found",
    );
  });

  it("sign-in options are discoverable; a forged assertion is refused with no session", async () => {
    const { body } = await call(t, "POST", "/passkeys/authentication/options", null, {});
    expect(body.options).toEqual({
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      timeout: 300000,
      rpId: "localhost",
      userVerification: "preferred",
    });
    const forged = {
      id: "AAAA",
      rawId: "AAAA",
      type: "public-key",
      response: {
        clientDataJSON: "e30",
        authenticatorData: "AAAA",
        signature: "AAAA",
        userHandle: Buffer.from("not a user").toString("base64url"),
      },
      clientExtensionResults: {},
    };
    const res = await call(t, "POST", "/passkeys/authentication/verify", null, {
      challenge_id: body.challenge_id,
      credential: forged,
    });
    expect(res).toEqual({
      status: 400,
      body: { code: "webauthn_verification_failed", message: "Credential verification failed" },
    });
  });

  it("passkey management: an empty list, 404 for another's passkey, admin answers by user", async () => {
    const { token, userId } = await signedIn(t);
    expect(await call(t, "GET", "/passkeys", token)).toEqual({ status: 200, body: [] });
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(await call(t, "PATCH", `/passkeys/${missing}`, token, { friendly_name: "x" })).toEqual({
      status: 404,
      body: { code: "validation_failed", message: "Passkey not found" },
    });
    const admin = { apikey: LOCAL_SECRET_KEY, authorization: `Bearer ${LOCAL_SECRET_KEY}` };
    const list = await fetch(`${t.url}/auth/v1/admin/users/${userId}/passkeys`, { headers: admin });
    expect([list.status, await list.json()]).toEqual([200, []]);
    const gone = await fetch(`${t.url}/auth/v1/admin/users/${missing}/passkeys`, {
      headers: admin,
    });
    expect(gone.status).toBe(404);
    expect((await call(t, "GET", `/admin/users/${userId}/passkeys`, token)).status).toBe(403);
  });
});
