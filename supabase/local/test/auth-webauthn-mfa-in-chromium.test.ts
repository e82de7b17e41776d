import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, uniqueEmail } from "./support/auth-support";
import { LOCAL_PUBLISHABLE_KEY } from "./support/local-backend";
import {
  assurance,
  credentialsOn,
  signUp,
  startCeremonyRig,
  swapChallenge,
  type CeremonyRig,
  type Device,
  type PageWindow,
} from "./support/webauthn-rig";

/**
 * Security keys as a second factor, for real: Chromium with virtual authenticators on a page that
 * runs supabase-js's own browser bundle and its mfa.webauthn helpers against the local backend.
 */

let rig: CeremonyRig;
beforeAll(async () => {
  rig = await startCeremonyRig();
}, 120_000);
afterAll(() => rig?.stop());

describe("WebAuthn as a second factor", () => {
  it("a security key registered with mfa.webauthn.register raises the session to aal2, and proves it again at the next sign-in", async () => {
    const d = await rig.device("usb");
    const email = uniqueEmail("webauthn-mfa");
    await signUp(d, email);

    const registered = await d.tab.evaluate(async () => {
      const { data, error } = await (window as unknown as PageWindow).sb.auth.mfa.webauthn.register(
        {
          friendlyName: "Desk key",
        },
      );
      return { error: error?.message ?? null, hasToken: !!data?.access_token };
    });
    expect(registered).toEqual({ error: null, hasToken: true });
    expect(await assurance(d)).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });
    expect((await assurance(d)).methods).toContain("mfa/webauthn");
    const [credential] = await credentialsOn(d);
    expect(credential.rpId).toBe("localhost");

    const factors = await d.tab.evaluate(async () => {
      const { data } = await (window as unknown as PageWindow).sb.auth.mfa.listFactors();
      return data?.webauthn.map((f) => ({ name: f.friendly_name, status: f.status }));
    });
    expect(factors).toEqual([{ name: "Desk key", status: "verified" }]);

    // A new sign-in starts at aal1 and the key raises it again through a "request" ceremony.
    const signedIn = await d.tab.evaluate(
      async ({ email, password }) => {
        const sb = (window as unknown as PageWindow).sb;
        await sb.auth.signOut();
        const { error } = await sb.auth.signInWithPassword({ email, password });
        return error?.message ?? null;
      },
      { email, password: PASSWORD },
    );
    expect(signedIn).toBeNull();
    expect(await assurance(d)).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });

    const proved = await d.tab.evaluate(async () => {
      const sb = (window as unknown as PageWindow).sb;
      const { data: list } = await sb.auth.mfa.listFactors();
      const { error } = await sb.auth.mfa.webauthn.authenticate({
        factorId: list!.webauthn[0].id,
      });
      return error?.message ?? null;
    });
    expect(proved).toBeNull();
    expect(await assurance(d)).toMatchObject({ currentLevel: "aal2" });
    // The same key signed both ceremonies; no second credential was made.
    expect(await credentialsOn(d)).toHaveLength(1);

    // At aal2 the factor can be removed; the session falls back to aal1 at its next refresh.
    const removed = await d.tab.evaluate(async () => {
      const sb = (window as unknown as PageWindow).sb;
      const { data: list } = await sb.auth.mfa.listFactors();
      const { error } = await sb.auth.mfa.unenroll({ factorId: list!.webauthn[0].id });
      await sb.auth.refreshSession();
      const { data: after } = await sb.auth.mfa.listFactors();
      const { data: aal } = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
      return { error: error?.message ?? null, left: after?.all.length, level: aal?.currentLevel };
    });
    expect(removed).toEqual({ error: null, left: 0, level: "aal1" });
    await d.context.close();
  });

  it("an assertion from a key the user never registered is refused", async () => {
    const register = (d: Device, name: string) =>
      d.tab.evaluate(async (friendlyName) => {
        const { error } = await (window as unknown as PageWindow).sb.auth.mfa.webauthn.register({
          friendlyName,
        });
        return error?.message ?? null;
      }, name);
    const email = uniqueEmail("webauthn-owner");
    const owner = await rig.device("usb");
    await signUp(owner, email);
    expect(await register(owner, "Owner key")).toBeNull();
    // Someone else's browser holds a key of its own for the same site.
    const other = await rig.device("usb");
    await signUp(other, uniqueEmail("webauthn-other"));
    expect(await register(other, "Other key")).toBeNull();
    const [foreign] = await credentialsOn(other);

    // With the owner's password they answer the owner's challenge with their own key.
    const attempt = await other.tab.evaluate(
      async ({ email, password, foreignId }) => {
        const sb = (window as unknown as PageWindow).sb;
        await sb.auth.signOut();
        await sb.auth.signInWithPassword({ email, password });
        const { data: list } = await sb.auth.mfa.listFactors();
        const id = Uint8Array.from(atob(foreignId), (ch) => ch.charCodeAt(0));
        const { error } = await sb.auth.mfa.webauthn.authenticate(
          { factorId: list!.webauthn[0].id },
          // Overrides are merged into the server's options; only the allowed key changes.
          { allowCredentials: [{ type: "public-key", id }] } as never,
        );
        const { data: aal } = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
        return {
          status: (error as { status?: number } | null)?.status,
          code: (error as { code?: string } | null)?.code,
          level: aal?.currentLevel,
        };
      },
      { email, password: PASSWORD, foreignId: foreign.credentialId },
    );
    expect(attempt).toEqual({ status: 422, code: "mfa_verification_failed", level: "aal1" });
    await owner.context.close();
    await other.context.close();
  });
  it("a verified factor's key cannot complete a new factor's registration", async () => {
    const d = await rig.device("usb");
    await signUp(d, uniqueEmail("webauthn-cross-factor"));
    const first = await d.tab.evaluate(async () => {
      const { error } = await (window as unknown as PageWindow).sb.auth.mfa.webauthn.register({
        friendlyName: "First key",
      });
      return error?.message ?? null;
    });
    expect(first).toBeNull();
    const [held] = await credentialsOn(d);

    // A second factor's "create" challenge answered with an assertion from the first key.
    const attempt = await d.tab.evaluate(async (heldId) => {
      const sb = (window as unknown as PageWindow).sb;
      const { data: second } = await sb.auth.mfa.enroll({
        factorType: "webauthn",
        friendlyName: "Second key",
      });
      const { data: challenge } = await sb.auth.mfa.challenge({ factorId: second!.id });
      type Create = {
        webauthn: { credential_options: { publicKey: { challenge: BufferSource } } };
      };
      const options = (challenge as unknown as Create).webauthn.credential_options.publicKey;
      const id = Uint8Array.from(atob(heldId), (ch) => ch.charCodeAt(0));
      const assertion = await navigator.credentials.get({
        publicKey: {
          challenge: options.challenge,
          rpId: "localhost",
          allowCredentials: [{ type: "public-key", id }],
        },
      });
      const { error } = await sb.auth.mfa.verify({
        factorId: second!.id,
        challengeId: challenge!.id,
        webauthn: { type: "request", credential_response: assertion as PublicKeyCredential },
      } as never);
      const { data: list } = await sb.auth.mfa.listFactors();
      return {
        code: (error as { code?: string } | null)?.code,
        second: list!.all.find((f) => f.id === second!.id)?.status,
      };
    }, held.credentialId);
    expect(attempt).toEqual({ code: "mfa_verification_failed", second: "unverified" });
    await d.context.close();
  });
});

describe("each signature answers only its own challenge", () => {
  it("a security key registration answered to another challenge of the factor is refused", async () => {
    const d = await rig.device("usb");
    await signUp(d, uniqueEmail("webauthn-replay"));
    await swapChallenge(d, "/auth/v1/factors/*/verify", async (authorization) => {
      const factorId = await d.tab.evaluate(async () => {
        const { data } = await (window as unknown as PageWindow).sb.auth.mfa.listFactors();
        return data!.all[0].id;
      });
      const res = await fetch(`${rig.t.url}/auth/v1/factors/${factorId}/challenge`, {
        method: "POST",
        headers: {
          apikey: LOCAL_PUBLISHABLE_KEY,
          authorization,
          "content-type": "application/json",
        },
        body: "{}",
      });
      return ((await res.json()) as { id: string }).id;
    });
    const attempt = await d.tab.evaluate(async () => {
      const sb = (window as unknown as PageWindow).sb;
      const { error } = await sb.auth.mfa.webauthn.register({ friendlyName: "Replayed key" });
      const { data: aal } = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
      return { code: (error as { code?: string } | null)?.code, level: aal?.currentLevel };
    });
    expect(attempt).toEqual({ code: "mfa_verification_failed", level: "aal1" });
    await d.context.close();
  });
});
