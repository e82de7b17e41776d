import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ConfigError, loadConfig } from "@groundwork/local-backend";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestBackend } from "./support/auth-support";
import { LEAK, nastyBody, nastyValue, seeded } from "./support/fuzz";
import { LOCAL_SECRET_KEY } from "./support/local-backend";
import { call, enableWebAuthn, signedIn, startWebAuthnBackend } from "./support/webauthn-api";

/** What a client sees when it asks for a WebAuthn factor's ceremony wrongly, or not at all. */
let t: TestBackend;
beforeAll(async () => {
  t = await startWebAuthnBackend();
});
afterAll(() => t?.stop());

describe("switched off (the CLI's default)", () => {
  beforeAll(() => enableWebAuthn(t, false));

  it("enrolling a WebAuthn factor answers GoTrue's disabled error", async () => {
    const { client } = await signedIn(t);
    const { error } = await client.auth.mfa.enroll({ factorType: "webauthn", friendlyName: "key" });
    expect(error).toMatchObject({ status: 422, code: "mfa_webauthn_enroll_not_enabled" });
    expect(error?.message).toBe("MFA enroll is disabled for WebAuthn");
  });
});

describe("switched on", () => {
  beforeAll(() => enableWebAuthn(t, true));

  it("enroll answers the unverified factor; its challenge carries registration options for the configured relying party", async () => {
    const { client, token, userId } = await signedIn(t);
    const { data: factor, error } = await client.auth.mfa.enroll({
      factorType: "webauthn",
      friendlyName: "Desk key",
    });
    expect(error).toBeNull();
    expect(factor).toMatchObject({ type: "webauthn", friendly_name: "Desk key" });
    const res = await call(t, "POST", `/factors/${factor!.id}/challenge`, token, {});
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
    const { client, token } = await signedIn(t);
    const { data: factor } = await client.auth.mfa.enroll({ factorType: "webauthn" });
    const { body: challenge } = await call(
      t,
      "POST",
      `/factors/${factor!.id}/challenge`,
      token,
      {},
    );
    const verify = (body: unknown) => call(t, "POST", `/factors/${factor!.id}/verify`, token, body);
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
    const { client, token } = await signedIn(t);
    const { data: factor } = await client.auth.mfa.enroll({ factorType: "webauthn" });
    t.backend.config.auth.webauthn.mfa.verifyEnabled = false;
    try {
      expect((await call(t, "POST", `/factors/${factor!.id}/challenge`, token, {})).body).toEqual({
        code: "mfa_webauthn_verify_not_enabled",
        message: "MFA verification is disabled for WebAuthn",
      });
      const verify = await call(t, "POST", `/factors/${factor!.id}/verify`, token, {
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
});

describe("bad input", () => {
  beforeAll(() => enableWebAuthn(t, true));

  it("never gets a 5xx or a leak from any WebAuthn or passkey route", async () => {
    const r = seeded(Number(process.env.FUZZ_SEED ?? 20261123));
    const { client, token, userId } = await signedIn(t);
    const { data: factor } = await client.auth.mfa.enroll({ factorType: "webauthn" });
    const { body: challenge } = await call(
      t,
      "POST",
      `/factors/${factor!.id}/challenge`,
      token,
      {},
    );
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
