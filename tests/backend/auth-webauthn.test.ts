import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ConfigError, loadConfig } from "@groundwork/local-backend";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PASSWORD,
  browserClient,
  startTestBackend,
  uniqueEmail,
  type TestBackend,
} from "./auth-support";
import { LEAK, nastyBody, nastyValue, seeded } from "./support/fuzz";
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from "./support/local-backend";

/** The answers a client sees when a WebAuthn ceremony is asked for wrongly, or not at all. */
let t: TestBackend;
const ORIGIN = "http://localhost:3000";
beforeAll(async () => {
  t = await startTestBackend();
  t.backend.config.auth.email.enableConfirmations = false;
  t.backend.config.auth.webauthn.rp = {
    id: "localhost",
    displayName: "Groundwork",
    origins: [ORIGIN],
  };
});
afterAll(() => t?.stop());

function enable(on: boolean) {
  t.backend.config.auth.webauthn.mfa = { enrollEnabled: on, verifyEnabled: on };
  t.backend.config.auth.webauthn.passkey.enabled = on;
}

async function signedIn() {
  const client = browserClient(t);
  const { data } = await client.auth.signUp({ email: uniqueEmail("webauthn"), password: PASSWORD });
  return { client, token: data.session!.access_token, userId: data.user!.id };
}

async function call(method: string, route: string, token: string | null, body?: unknown) {
  const res = await fetch(`${t.url}/auth/v1${route}`, {
    method,
    headers: {
      apikey: LOCAL_PUBLISHABLE_KEY,
      "x-supabase-api-version": "2024-01-01",
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

describe("switched off (the CLI's default)", () => {
  beforeAll(() => enable(false));

  it("enrolling a WebAuthn factor answers GoTrue's disabled error", async () => {
    const { client } = await signedIn();
    const { error } = await client.auth.mfa.enroll({ factorType: "webauthn", friendlyName: "key" });
    expect(error).toMatchObject({ status: 422, code: "mfa_webauthn_enroll_not_enabled" });
    expect(error?.message).toBe("MFA enroll is disabled for WebAuthn");
  });

  it("every passkey route answers 404 passkey_disabled, before it looks at the caller", async () => {
    for (const [method, route] of [
      ["POST", "/passkeys/authentication/options"],
      ["POST", "/passkeys/authentication/verify"],
      ["POST", "/passkeys/registration/options"],
      ["GET", "/passkeys"],
      ["DELETE", "/passkeys/00000000-0000-4000-8000-000000000000"],
    ]) {
      const res = await call(method, route, null, method === "POST" ? {} : undefined);
      expect(res, `${method} ${route}`).toEqual({
        status: 404,
        body: { code: "passkey_disabled", message: "Passkeys are disabled" },
      });
    }
    const settings = await call("GET", "/settings", null);
    expect(settings.body.passkeys_enabled).toBe(false);
  });
});

describe("switched on", () => {
  beforeAll(() => enable(true));

  it("enroll answers the unverified factor; its challenge carries registration options for the configured relying party", async () => {
    const { client, token, userId } = await signedIn();
    const { data: factor, error } = await client.auth.mfa.enroll({
      factorType: "webauthn",
      friendlyName: "Desk key",
    });
    expect(error).toBeNull();
    expect(factor).toMatchObject({ type: "webauthn", friendly_name: "Desk key" });
    const res = await call("POST", `/factors/${factor!.id}/challenge`, token, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ type: "webauthn", webauthn: { type: "create" } });
    expect(res.body.expires_at).toBeGreaterThan(Date.now() / 1000);
    const options = res.body.webauthn.credential_options.publicKey;
    expect(options.rp).toEqual({ name: "Groundwork", id: "localhost" });
    expect(Buffer.from(options.user.id, "base64url").toString()).toBe(userId);
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(options.timeout).toBe(300000);
    expect(options.pubKeyCredParams[0]).toEqual({ type: "public-key", alg: -7 });
    const { rows } = await t.backend.db.query<{ web_authn_session_data: { challenge: string } }>(
      "select web_authn_session_data from auth.mfa_challenges where id = $1",
      [res.body.id],
    );
    expect(rows[0].web_authn_session_data.challenge).toBe(options.challenge);
  });

  it("verify names what is missing or malformed, and refuses a credential that does not check out", async () => {
    const { client, token } = await signedIn();
    const { data: factor } = await client.auth.mfa.enroll({ factorType: "webauthn" });
    const { body: challenge } = await call("POST", `/factors/${factor!.id}/challenge`, token, {});
    const verify = (body: unknown) => call("POST", `/factors/${factor!.id}/verify`, token, body);
    const id = challenge.id;
    expect(await verify({ challenge_id: id })).toEqual({
      status: 400,
      body: { code: "validation_failed", message: "WebAuthn config required" },
    });
    expect((await verify({ challenge_id: id, webauthn: { type: "sign" } })).body.message).toBe(
      "WebAuthn type must be create or request",
    );
    expect((await verify({ challenge_id: id, webauthn: { type: "create" } })).body.message).toBe(
      "credential_response required",
    );
    const junk = { type: "create", credential_response: { id: "x" } };
    expect(await verify({ challenge_id: id, webauthn: junk })).toEqual({
      status: 400,
      body: { code: "validation_failed", message: "Invalid credential_response" },
    });
    const other = "00000000-0000-4000-8000-000000000000";
    expect((await verify({ challenge_id: other, webauthn: junk })).body.code).toBe(
      "mfa_factor_not_found",
    );
    const forged = {
      type: "create",
      credential_response: {
        id: "AAAA",
        rawId: "AAAA",
        type: "public-key",
        response: { clientDataJSON: "e30", attestationObject: "oA" },
        clientExtensionResults: {},
      },
    };
    expect(await verify({ challenge_id: id, webauthn: forged })).toEqual({
      status: 422,
      body: {
        code: "mfa_verification_failed",
        message: "Failed to verify WebAuthn MFA registration",
      },
    });
    const { data: aal } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal?.currentLevel).toBe("aal1");
  });

  it("with verification off, a WebAuthn factor can be neither challenged nor verified", async () => {
    const { client, token } = await signedIn();
    const { data: factor } = await client.auth.mfa.enroll({ factorType: "webauthn" });
    t.backend.config.auth.webauthn.mfa.verifyEnabled = false;
    try {
      expect((await call("POST", `/factors/${factor!.id}/challenge`, token, {})).body).toEqual({
        code: "mfa_webauthn_verify_not_enabled",
        message: "MFA verification is disabled for WebAuthn",
      });
      const verify = await call("POST", `/factors/${factor!.id}/verify`, token, {
        challenge_id: "00000000-0000-4000-8000-000000000000",
      });
      // GoTrue answers verify with the enroll code and the verify message.
      expect(verify).toEqual({
        status: 422,
        body: {
          code: "mfa_webauthn_enroll_not_enabled",
          message: "MFA verification is disabled for WebAuthn",
        },
      });
    } finally {
      t.backend.config.auth.webauthn.mfa.verifyEnabled = true;
    }
  });

  it("passkey registration options ask for a discoverable credential; anonymous and signed-out callers are refused", async () => {
    const { token, userId } = await signedIn();
    const res = await call("POST", "/passkeys/registration/options", token, {});
    expect(res.status).toBe(200);
    expect(res.body.challenge_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.options).toMatchObject({
      rp: { name: "Groundwork", id: "localhost" },
      attestation: "none",
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    });
    expect(Buffer.from(res.body.options.user.id, "base64url").toString()).toBe(userId);
    expect((await call("POST", "/passkeys/registration/options", null, {})).status).toBe(401);

    const anon = browserClient(t);
    t.backend.config.auth.enableAnonymousSignIns = true;
    const { data } = await anon.auth.signInAnonymously();
    t.backend.config.auth.enableAnonymousSignIns = false;
    const refused = await call(
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
      await call("POST", "/passkeys/registration/options", data.session!.access_token, {}),
    ).toEqual({
      status: 403,
      body: {
        code: "insufficient_aal",
        message: "AAL2 session is required to manage passkeys when MFA is enabled",
      },
    });
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await call("DELETE", `/passkeys/${missing}`, data.session!.access_token)).status).toBe(
      403,
    );
    await second.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: code() });
    const { data: raised } = await second.auth.getSession();
    const res = await call(
      "POST",
      "/passkeys/registration/options",
      raised.session!.access_token,
      {},
    );
    expect(res.status).toBe(200);
  });

  it("passkey verify checks its body, and a challenge answers once and only while fresh", async () => {
    const { token } = await signedIn();
    const verify = (body: unknown) => call("POST", "/passkeys/registration/verify", token, body);
    expect((await verify({})).body).toEqual({
      code: "validation_failed",
      message: "challenge_id is required",
    });
    expect((await verify({ challenge_id: "x" })).body.message).toBe("credential is required");
    expect((await verify({ challenge_id: "x", credential: {} })).body.message).toBe(
      "challenge_id must be a valid UUID",
    );
    const { body: first } = await call("POST", "/passkeys/registration/options", token, {});
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
    const { body: second } = await call("POST", "/passkeys/registration/options", token, {});
    await t.backend.db.query(
      "update auth.webauthn_challenges set expires_at = now() - interval '1 second' where id = $1",
      [second.challenge_id],
    );
    expect(await verify({ challenge_id: second.challenge_id, credential: {} })).toEqual({
      status: 400,
      body: { code: "webauthn_challenge_expired", message: "Challenge has expired" },
    });
    // A sign-in challenge is no registration challenge.
    const { body: signIn } = await call("POST", "/passkeys/authentication/options", null, {});
    expect((await verify({ challenge_id: signIn.challenge_id, credential: {} })).body.code).toBe(
      "webauthn_challenge_not_found",
    );
  });

  it("sign-in options are discoverable; a forged assertion is refused with no session", async () => {
    const { body } = await call("POST", "/passkeys/authentication/options", null, {});
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
    const res = await call("POST", "/passkeys/authentication/verify", null, {
      challenge_id: body.challenge_id,
      credential: forged,
    });
    expect(res).toEqual({
      status: 400,
      body: { code: "webauthn_verification_failed", message: "Credential verification failed" },
    });
  });

  it("passkey management: an empty list, 404 for another's passkey, admin answers by user", async () => {
    const { token, userId } = await signedIn();
    expect(await call("GET", "/passkeys", token)).toEqual({ status: 200, body: [] });
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(await call("PATCH", `/passkeys/${missing}`, token, { friendly_name: "x" })).toEqual({
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
    expect((await call("GET", `/admin/users/${userId}/passkeys`, token)).status).toBe(403);
  });
});

describe("bad input", () => {
  beforeAll(() => enable(true));

  it("never gets a 5xx or a leak from any WebAuthn or passkey route", async () => {
    const r = seeded(Number(process.env.FUZZ_SEED ?? 20261123));
    const { client, token, userId } = await signedIn();
    const { data: factor } = await client.auth.mfa.enroll({ factorType: "webauthn" });
    const { body: challenge } = await call("POST", `/factors/${factor!.id}/challenge`, token, {});
    const fields = ["challenge_id", "credential", "webauthn", "friendly_name", "factor_type"];
    const routes: [string, string][] = [
      ["POST", `/factors/${factor!.id}/challenge`],
      ["POST", `/factors/${factor!.id}/verify`],
      ["POST", "/passkeys/registration/options"],
      ["POST", "/passkeys/registration/verify"],
      ["POST", "/passkeys/authentication/options"],
      ["POST", "/passkeys/authentication/verify"],
      ["PATCH", "/passkeys/x"],
      ["PATCH", "/passkeys/%ff"],
      ["DELETE", `/admin/users/${userId}/passkeys/00000000-0000-0000-0000-000000000000`],
    ];
    for (let i = 0; i < 300; i++) {
      const [method, route] = r.pick(routes);
      let body = nastyBody(r, fields);
      // Half the time the body is nearly right: a real challenge and a credential-shaped value.
      if (r.next() < 0.5) {
        const response = { clientDataJSON: nastyValue(r), attestationObject: nastyValue(r) };
        const credential = { id: nastyValue(r), rawId: "AAAA", type: "public-key", response };
        body = Buffer.from(
          JSON.stringify({
            challenge_id: challenge.id,
            credential,
            webauthn: { type: r.pick(["create", "request", 1]), credential_response: credential },
          }),
        );
      }
      const res = await fetch(`${t.url}/auth/v1${route}`, {
        method,
        headers: {
          apikey: LOCAL_SECRET_KEY,
          authorization: `Bearer ${route.startsWith("/admin") ? LOCAL_SECRET_KEY : token}`,
          "content-type": "application/json",
        },
        body: body ? new Uint8Array(body) : undefined,
      });
      const text = await res.text();
      expect(res.status, `${method} ${route} ${body?.toString().slice(0, 200)}`).toBeLessThan(500);
      expect(text).not.toMatch(LEAK);
    }
  });
});

describe("config.toml", () => {
  it("turning passkeys on without [auth.webauthn] stops start-up naming the missing keys", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "webauthn-config-"));
    writeFileSync(path.join(dir, "config.toml"), "[auth.passkey]\nenabled = true\n");
    expect(() => loadConfig({ supabaseDir: dir, env: {} })).toThrow(ConfigError);
    expect(() => loadConfig({ supabaseDir: dir, env: {} })).toThrow(
      /rp_id, rp_display_name, rp_origins in \[auth\.webauthn\]/,
    );
    writeFileSync(
      path.join(dir, "config.toml"),
      `[auth.mfa.web_authn]\nenroll_enabled = true\nverify_enabled = true\n[auth.passkey]\nenabled = true\n` +
        `[auth.webauthn]\nrp_id = "localhost"\nrp_display_name = "Groundwork"\nrp_origins = ["http://localhost:3000"]\n`,
    );
    const config = loadConfig({ supabaseDir: dir, env: {} });
    expect(config.auth.webauthn).toMatchObject({
      mfa: { enrollEnabled: true, verifyEnabled: true },
      passkey: { enabled: true },
      rp: { id: "localhost", displayName: "Groundwork", origins: ["http://localhost:3000"] },
    });
    expect(config.unapplied).toEqual([]);
  });
});
