import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PASSWORD,
  browserClient,
  codeIn,
  follow,
  fragment,
  lastMailTo,
  linkIn,
  mailsTo,
  startTestBackend,
  uniqueEmail,
  type TestBackend,
} from "./support/auth-support";

// config.toml has confirmations on, as hosted Supabase does by default.
let t: TestBackend;
let site: string;
beforeAll(async () => {
  t = await startTestBackend();
  site = t.backend.config.auth.siteUrl;
});
afterAll(() => t?.stop());

async function confirmedUser(): Promise<string> {
  const email = uniqueEmail();
  await browserClient(t).auth.signUp({ email, password: PASSWORD });
  await follow(linkIn(await lastMailTo(t, email)));
  return email;
}

describe("sign-up confirmation", () => {
  it("answers the user without a session, mails a link, and refuses sign-in until confirmed", async () => {
    const email = uniqueEmail();
    const { data, error } = await browserClient(t).auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.confirmation_sent_at).toBeTruthy();
    const mail = await lastMailTo(t, email);
    expect(mail.subject).toBe("Confirm Your Signup");
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    const early = await browserClient(t).auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error?.code).toBe("email_not_confirmed");

    const link = new URL(linkIn(mail));
    expect(link.origin + link.pathname).toBe(`${t.url}/auth/v1/verify`);
    expect(link.searchParams.get("type")).toBe("signup");
    const location = await follow(link.toString());
    expect(location.origin).toBe(new URL(site).origin);
    const hash = fragment(location);
    expect(hash.get("type")).toBe("signup");
    expect(hash.get("token_type")).toBe("bearer");
    expect(hash.get("access_token")).toBeTruthy();
    expect(hash.get("refresh_token")).toBeTruthy();
    expect(Number(hash.get("expires_in"))).toBe(3600);
    expect(
      (await browserClient(t).auth.signInWithPassword({ email, password: PASSWORD })).error,
    ).toBeNull();
  });

  it("redirects to an allowed redirect_to, and falls back to the site URL for any other", async () => {
    const allowed = "http://localhost:3000/auth/callback";
    const email = uniqueEmail();
    await browserClient(t).auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: allowed },
    });
    expect((await follow(linkIn(await lastMailTo(t, email)))).href.startsWith(`${allowed}#`)).toBe(
      true,
    );
    const other = uniqueEmail();
    await browserClient(t).auth.signUp({
      email: other,
      password: PASSWORD,
      options: { emailRedirectTo: "https://evil.example/x" },
    });
    expect((await follow(linkIn(await lastMailTo(t, other)))).origin).toBe(new URL(site).origin);
  });

  it("confirms with the 6-digit code through verifyOtp", async () => {
    const email = uniqueEmail();
    await browserClient(t).auth.signUp({ email, password: PASSWORD });
    const client = browserClient(t);
    const wrong = await client.auth.verifyOtp({ email, token: "000000", type: "signup" });
    expect(wrong.error?.status).toBe(403);
    expect(wrong.error?.code).toBe("otp_expired");
    const { data, error } = await client.auth.verifyOtp({
      email,
      token: codeIn(await lastMailTo(t, email)),
      type: "signup",
    });
    expect(error).toBeNull();
    expect(data.session?.user.email_confirmed_at).toBeTruthy();
  });

  it("confirms through PKCE: the link carries ?code= and supabase-js exchanges it", async () => {
    const email = uniqueEmail();
    const client = browserClient(t, { flowType: "pkce" });
    await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: "http://localhost:3000/callback" },
    });
    const location = await follow(linkIn(await lastMailTo(t, email)));
    expect(location.pathname).toBe("/callback");
    const code = location.searchParams.get("code") ?? "";
    expect(code).toBeTruthy();
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    const again = await client.auth.exchangeCodeForSession(code);
    expect(again.error).not.toBeNull();
  });

  it("redirects an invalid or used link with error=access_denied and error_code=otp_expired", async () => {
    const location = await follow(
      `${t.url}/auth/v1/verify?token=nope&type=signup&redirect_to=${encodeURIComponent(site)}`,
    );
    const hash = fragment(location);
    expect(hash.get("error")).toBe("access_denied");
    expect(hash.get("error_code")).toBe("otp_expired");
    expect(hash.get("error_description")).toBe("Email link is invalid or has expired");
  });

  it("resends the confirmation mail", async () => {
    const email = uniqueEmail();
    await browserClient(t).auth.signUp({ email, password: PASSWORD });
    const { error } = await browserClient(t).auth.resend({ type: "signup", email });
    expect(error).toBeNull();
    expect((await mailsTo(t, email)).length).toBe(2);
  });
});

describe("magic link and email code", () => {
  it("mails a link and a code; the code signs in through verifyOtp type email", async () => {
    const email = await confirmedUser();
    const client = browserClient(t);
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    const mail = await lastMailTo(t, email);
    expect(mail.subject).toBe("Your Magic Link");
    const { data, error } = await client.auth.verifyOtp({
      email,
      token: codeIn(mail),
      type: "email",
    });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });

  it("signs in through the link with PKCE", async () => {
    const email = await confirmedUser();
    const client = browserClient(t, { flowType: "pkce" });
    await client.auth.signInWithOtp({
      email,
      options: { emailRedirectTo: "http://127.0.0.1:3000/done" },
    });
    const location = await follow(linkIn(await lastMailTo(t, email)));
    const { data, error } = await client.auth.exchangeCodeForSession(
      location.searchParams.get("code") ?? "",
    );
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });

  it("signs in through the link with the implicit flow and verifies a token_hash", async () => {
    const email = await confirmedUser();
    await browserClient(t).auth.signInWithOtp({ email });
    expect(fragment(await follow(linkIn(await lastMailTo(t, email)))).get("type")).toBe(
      "magiclink",
    );
    await browserClient(t).auth.signInWithOtp({ email });
    const tokenHash = new URL(linkIn(await lastMailTo(t, email))).searchParams.get("token") ?? "";
    const { data, error } = await browserClient(t).auth.verifyOtp({
      token_hash: tokenHash,
      type: "magiclink",
    });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
  });

  it("refuses unknown addresses with otp_disabled when create_user is false", async () => {
    const { error } = await browserClient(t).auth.signInWithOtp({
      email: uniqueEmail(),
      options: { shouldCreateUser: false },
    });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe("otp_disabled");
  });
});

describe("password recovery", () => {
  it("resets the password through a PKCE recovery link", async () => {
    const email = await confirmedUser();
    const client = browserClient(t, { flowType: "pkce" });
    expect(
      (
        await client.auth.resetPasswordForEmail(email, {
          redirectTo: "http://localhost:3000/update-password",
        })
      ).error,
    ).toBeNull();
    const mail = await lastMailTo(t, email);
    expect(mail.subject).toBe("Reset Your Password");
    const location = await follow(linkIn(mail));
    expect(location.pathname).toBe("/update-password");
    expect(
      (await client.auth.exchangeCodeForSession(location.searchParams.get("code") ?? "")).error,
    ).toBeNull();
    expect((await client.auth.updateUser({ password: "a fresh new password 2" })).error).toBeNull();
    expect(
      (
        await browserClient(t).auth.signInWithPassword({
          email,
          password: "a fresh new password 2",
        })
      ).error,
    ).toBeNull();
  });

  it("answers an unknown address the same way, without sending mail", async () => {
    const email = uniqueEmail();
    expect((await browserClient(t).auth.resetPasswordForEmail(email)).error).toBeNull();
    expect(await mailsTo(t, email)).toEqual([]);
  });
});

describe("email change", () => {
  it("needs confirmation at both the old and the new address", async () => {
    const email = await confirmedUser();
    const client = browserClient(t);
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const next = uniqueEmail("next");
    const { data, error } = await client.auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect(data.user?.new_email).toBe(next);
    const toOld = await lastMailTo(t, email);
    const toNew = await lastMailTo(t, next);
    expect(toOld.subject).toBe("Confirm Email Change");
    const first = await follow(linkIn(toNew));
    expect(fragment(first).get("message")).toMatch(
      /proceed to confirm link sent to the other email/,
    );
    expect((await client.auth.getUser()).data.user?.email).toBe(email);
    const second = fragment(await follow(linkIn(toOld)));
    expect(second.get("type")).toBe("email_change");
    expect((await client.auth.getUser()).data.user?.email).toBe(next);
  });

  it("resends both confirmations, and the resent links complete the change", async () => {
    const email = await confirmedUser();
    const client = browserClient(t);
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const next = uniqueEmail("resent");
    expect((await client.auth.updateUser({ email: next })).error).toBeNull();
    const firstToNew = await lastMailTo(t, next);
    const firstToOld = await lastMailTo(t, email);

    expect((await client.auth.resend({ type: "email_change", email: next })).error).toBeNull();
    const toNew = await lastMailTo(t, next);
    const toOld = await lastMailTo(t, email);
    expect(toNew.id).not.toBe(firstToNew.id);
    expect(toOld.id).not.toBe(firstToOld.id);
    expect(toNew.subject).toBe("Confirm Email Change");
    expect(toOld.subject).toBe("Confirm Email Change");

    await follow(linkIn(toNew));
    expect(fragment(await follow(linkIn(toOld))).get("type")).toBe("email_change");
    expect((await client.auth.getUser()).data.user?.email).toBe(next);
  });
});

describe("reauthentication", () => {
  it("asks for a nonce when secure_password_change is on and the session is old", async () => {
    const email = await confirmedUser();
    const client = browserClient(t);
    const { data } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    await t.backend.db.query(
      "update auth.sessions set created_at = now() - interval '2 days' where user_id = $1",
      [data.user?.id],
    );
    t.backend.config.auth.email.securePasswordChange = true;
    try {
      const refused = await client.auth.updateUser({ password: "another good password 3" });
      expect(refused.error?.code).toBe("reauthentication_needed");
      expect((await client.auth.reauthenticate()).error).toBeNull();
      const nonce = codeIn(await lastMailTo(t, email));
      const wrong = await client.auth.updateUser({
        password: "another good password 3",
        nonce: "123",
      });
      expect(wrong.error?.code).toBe("reauthentication_not_valid");
      expect(
        (await client.auth.updateUser({ password: "another good password 3", nonce })).error,
      ).toBeNull();
    } finally {
      t.backend.config.auth.email.securePasswordChange = false;
    }
  });
});
