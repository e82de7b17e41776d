import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PASSWORD,
  browserClient,
  follow,
  lastMailTo,
  linkIn,
  startTestBackend,
  uniqueEmail,
  type TestBackend,
} from "./support/auth-support";

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
});
afterAll(() => t?.stop());

describe("anonymous sign-in", () => {
  it("gives an anonymous user a session with the is_anonymous claim", async () => {
    const { data, error } = await browserClient(t).auth.signInAnonymously({
      options: { data: { theme: "dark" } },
    });
    expect(error).toBeNull();
    expect(data.user?.is_anonymous).toBe(true);
    expect(data.user?.email).toBe("");
    expect(data.user?.user_metadata.theme).toBe("dark");
    const claims = decodeJwt(data.session!.access_token);
    expect(claims).toMatchObject({ is_anonymous: true, role: "authenticated", aal: "aal1" });
    expect((claims.amr as { method: string }[])[0].method).toBe("anonymous");
  });

  it("converts to a permanent user by adding an email, then a password", async () => {
    const client = browserClient(t);
    const { data: anon } = await client.auth.signInAnonymously();
    const refusedPassword = await client.auth.updateUser({ password: PASSWORD });
    expect(refusedPassword.error?.status).toBe(422);
    expect(refusedPassword.error?.code).toBe("validation_failed");

    const email = uniqueEmail("converted");
    const { data, error } = await client.auth.updateUser({ email });
    expect(error).toBeNull();
    expect(data.user?.new_email).toBe(email);
    const landed = await follow(linkIn(await lastMailTo(t, email)));
    const hash = new URLSearchParams(landed.hash.slice(1));
    expect(hash.get("type")).toBe("email_change");

    await client.auth.refreshSession();
    const { data: after } = await client.auth.getUser();
    expect(after.user?.id).toBe(anon.user?.id);
    expect(after.user?.email).toBe(email);
    expect(after.user?.is_anonymous).toBe(false);
    expect(after.user?.app_metadata.provider).toBe("email");
    expect((await client.auth.updateUser({ password: PASSWORD })).error).toBeNull();
    expect(
      (await browserClient(t).auth.signInWithPassword({ email, password: PASSWORD })).error,
    ).toBeNull();
  });

  it("is refused with anonymous_provider_disabled when turned off", async () => {
    t.backend.config.auth.enableAnonymousSignIns = false;
    try {
      const { error } = await browserClient(t).auth.signInAnonymously();
      expect(error?.status).toBe(422);
      expect(error?.code).toBe("anonymous_provider_disabled");
    } finally {
      t.backend.config.auth.enableAnonymousSignIns = true;
    }
  });

  it("sign-ups are refused with signup_disabled when enable_signup is off", async () => {
    t.backend.config.auth.enableSignup = false;
    try {
      const { error } = await browserClient(t).auth.signUp({
        email: uniqueEmail(),
        password: PASSWORD,
      });
      expect(error?.code).toBe("signup_disabled");
    } finally {
      t.backend.config.auth.enableSignup = true;
    }
  });
});
