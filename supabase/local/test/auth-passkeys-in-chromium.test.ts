import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "./support/auth-support";
import { LOCAL_PUBLISHABLE_KEY } from "./support/local-backend";
import {
  assurance,
  credentialsOn,
  signUp,
  startCeremonyRig,
  swapChallenge,
  type CeremonyRig,
  type PageWindow,
} from "./support/webauthn-rig";

/**
 * Passkey sign-in, for real: Chromium with a virtual platform authenticator on a page that runs
 * supabase-js's own registerPasskey and signInWithPasskey against the local backend.
 */

let rig: CeremonyRig;
beforeAll(async () => {
  rig = await startCeremonyRig();
}, 120_000);
afterAll(() => rig?.stop());

describe("passkeys", () => {
  it("registerPasskey keeps a discoverable credential and signInWithPasskey signs its user in", async () => {
    const d = await rig.device("internal");
    const email = uniqueEmail("passkey");
    const userId = await signUp(d, email);

    const registered = await d.tab.evaluate(async () => {
      const { data, error } = await (window as unknown as PageWindow).sb.auth.registerPasskey();
      return { error: error?.message ?? null, name: data?.friendly_name };
    });
    expect(registered).toEqual({ error: null, name: "Passkey" });
    const [credential] = await credentialsOn(d);
    expect(credential.isResidentCredential).toBe(true);
    expect(Buffer.from(credential.userHandle ?? "", "base64").toString()).toBe(userId);

    const signedIn = await d.tab.evaluate(async () => {
      const sb = (window as unknown as PageWindow).sb;
      await sb.auth.signOut();
      const { data, error } = await sb.auth.signInWithPasskey();
      return { error: error?.message ?? null, user: data?.user?.id };
    });
    expect(signedIn).toEqual({ error: null, user: userId });
    expect(await assurance(d)).toMatchObject({ currentLevel: "aal1", methods: ["passkey"] });

    const listed = await d.tab.evaluate(async () => {
      const { data } = await (window as unknown as PageWindow).sb.auth.passkey.list();
      return data?.map((p) => ({ name: p.friendly_name, used: !!p.last_used_at }));
    });
    expect(listed).toEqual([{ name: "Passkey", used: true }]);
    await d.context.close();
  });

  it("a passkey removed on the server no longer signs anyone in", async () => {
    const d = await rig.device("internal");
    await signUp(d, uniqueEmail("passkey-removed"));
    const removed = await d.tab.evaluate(async () => {
      const sb = (window as unknown as PageWindow).sb;
      const { error } = await sb.auth.registerPasskey();
      if (error) return error.message;
      const { data } = await sb.auth.passkey.list();
      const gone = await sb.auth.passkey.delete({ passkeyId: data![0].id });
      return gone.error?.message ?? null;
    });
    expect(removed).toBeNull();

    const attempt = await d.tab.evaluate(async () => {
      const sb = (window as unknown as PageWindow).sb;
      await sb.auth.signOut();
      const { data, error } = await sb.auth.signInWithPasskey();
      return { code: (error as { code?: string } | null)?.code, session: !!data?.session };
    });
    expect(attempt).toEqual({ code: "webauthn_verification_failed", session: false });
    await d.context.close();
  });
  it("a passkey assertion replayed against another sign-in challenge is refused", async () => {
    const d = await rig.device("internal");
    await signUp(d, uniqueEmail("passkey-replay"));
    await swapChallenge(d, "/auth/v1/passkeys/authentication/verify", async () => {
      const res = await fetch(`${rig.t.url}/auth/v1/passkeys/authentication/options`, {
        method: "POST",
        headers: { apikey: LOCAL_PUBLISHABLE_KEY, "content-type": "application/json" },
        body: "{}",
      });
      return ((await res.json()) as { challenge_id: string }).challenge_id;
    });
    const attempt = await d.tab.evaluate(async () => {
      const sb = (window as unknown as PageWindow).sb;
      const made = await sb.auth.registerPasskey();
      await sb.auth.signOut();
      const { data, error } = await sb.auth.signInWithPasskey();
      return {
        registered: !made.error,
        code: (error as { code?: string } | null)?.code,
        session: !!data?.session,
      };
    });
    expect(attempt).toEqual({
      registered: true,
      code: "webauthn_verification_failed",
      session: false,
    });
    await d.context.close();
  });
});
