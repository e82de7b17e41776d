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
  // These tests sign users straight in; the confirmation flow has its own file.
  t.backend.config.auth.email.enableConfirmations = false;
});
afterAll(() => t?.stop());

describe("settings and health", () => {
  it("answers /health and /settings like GoTrue", async () => {
    const health = await fetch(`${t.url}/auth/v1/health`);
    expect(health.status).toBe(200);
    expect((await health.json()).name).toBe("GoTrue");
    const settings = await (await fetch(`${t.url}/auth/v1/settings`)).json();
    expect(settings.external.email).toBe(true);
    expect(settings.external.anonymous_users).toBe(true);
    expect(settings.mailer_autoconfirm).toBe(true);
  });
});

describe("sign-up and password sign-in", () => {
  it("signs up with metadata and returns a session when confirmations are off", async () => {
    const email = uniqueEmail();
    const { data, error } = await browserClient(t).auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { name: "Ada" } },
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata.name).toBe("Ada");
    expect(data.user?.app_metadata).toEqual({ provider: "email", providers: ["email"] });
    expect(data.user?.identities?.[0]?.provider).toBe("email");
  });

  it("refuses a second sign-up of the same address with user_already_exists", async () => {
    const email = uniqueEmail();
    await browserClient(t).auth.signUp({ email, password: PASSWORD });
    const { error } = await browserClient(t).auth.signUp({ email, password: PASSWORD });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe("user_already_exists");
  });

  it("refuses a short password with weak_password and its reasons", async () => {
    const { error } = await browserClient(t).auth.signUp({
      email: uniqueEmail(),
      password: "short1",
    });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe("weak_password");
    expect((error as unknown as { reasons: string[] }).reasons).toEqual(["length"]);
  });

  it("refuses an invalid address with email_address_invalid", async () => {
    const { error } = await browserClient(t).auth.signUp({
      email: "not-an-email",
      password: PASSWORD,
    });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe("email_address_invalid");
  });

  it("signs in with the right password and refuses a wrong one with invalid_credentials", async () => {
    const email = uniqueEmail();
    await browserClient(t).auth.signUp({ email, password: PASSWORD });
    const ok = await browserClient(t).auth.signInWithPassword({ email, password: PASSWORD });
    expect(ok.error).toBeNull();
    expect(ok.data.session?.token_type).toBe("bearer");
    expect(ok.data.session?.expires_in).toBe(3600);
    const bad = await browserClient(t).auth.signInWithPassword({
      email,
      password: "wrong password!",
    });
    expect(bad.error?.status).toBe(400);
    expect(bad.error?.code).toBe("invalid_credentials");
    const unknown = await browserClient(t).auth.signInWithPassword({
      email: uniqueEmail(),
      password: PASSWORD,
    });
    expect(unknown.error?.code).toBe("invalid_credentials");
  });

  it("answers errors in the 2024-01-01 shape, and the original shape without the version header", async () => {
    const body = JSON.stringify({ email: uniqueEmail(), password: "nope-nope" });
    const headers = { "content-type": "application/json" };
    const current = await fetch(`${t.url}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { ...headers, "x-supabase-api-version": "2024-01-01" },
      body,
    });
    expect(current.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect(await current.json()).toEqual({
      code: "invalid_credentials",
      message: "Invalid login credentials",
    });
    const original = await fetch(`${t.url}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers,
      body,
    });
    expect(await original.json()).toEqual({
      code: 400,
      error_code: "invalid_credentials",
      msg: "Invalid login credentials",
    });
  });
});

describe("user", () => {
  it("reads and updates the user's metadata", async () => {
    const client = browserClient(t);
    await client.auth.signUp({ email: uniqueEmail(), password: PASSWORD });
    const { data, error } = await client.auth.updateUser({ data: { theme: "dark" } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata.theme).toBe("dark");
    const { data: again } = await client.auth.getUser();
    expect(again.user?.user_metadata.theme).toBe("dark");
  });

  it("changes the password, refusing the same one with same_password and a weak one with weak_password", async () => {
    const email = uniqueEmail();
    const client = browserClient(t);
    await client.auth.signUp({ email, password: PASSWORD });
    const same = await client.auth.updateUser({ password: PASSWORD });
    expect(same.error?.code).toBe("same_password");
    expect(same.error?.status).toBe(422);
    const weak = await client.auth.updateUser({ password: "abc" });
    expect(weak.error?.code).toBe("weak_password");
    const changed = await client.auth.updateUser({ password: "a brand new password 4" });
    expect(changed.error).toBeNull();
    const signIn = await browserClient(t).auth.signInWithPassword({
      email,
      password: "a brand new password 4",
    });
    expect(signIn.error).toBeNull();
  });

  it("refuses /user without a token (no_authorization) and with a tampered one (bad_jwt)", async () => {
    const none = await fetch(`${t.url}/auth/v1/user`);
    expect(none.status).toBe(401);
    expect((await none.json()).error_code).toBe("no_authorization");
    const client = browserClient(t);
    const { data } = await client.auth.signUp({ email: uniqueEmail(), password: PASSWORD });
    const token = data.session?.access_token ?? "";
    const tampered = token.slice(0, -4) + (token.endsWith("AAAA") ? "BBBB" : "AAAA");
    const res = await fetch(`${t.url}/auth/v1/user`, {
      headers: { authorization: `Bearer ${tampered}` },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error_code).toBe("bad_jwt");
  });
});

describe("logout", () => {
  it("signs out locally, and the session's refresh token stops working", async () => {
    const email = uniqueEmail();
    const client = browserClient(t);
    const { data } = await client.auth.signUp({ email, password: PASSWORD });
    const refreshToken = data.session?.refresh_token ?? "";
    expect((await client.auth.signOut({ scope: "local" })).error).toBeNull();
    const res = await fetch(`${t.url}/auth/v1/token?grant_type=refresh_token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error_code).toBe("refresh_token_not_found");
  });

  it("signs out other sessions only with scope others, and every session with global", async () => {
    const email = uniqueEmail();
    const first = browserClient(t);
    await first.auth.signUp({ email, password: PASSWORD });
    const second = browserClient(t);
    await second.auth.signInWithPassword({ email, password: PASSWORD });
    await first.auth.signOut({ scope: "others" });
    expect((await first.auth.getUser()).error).toBeNull();
    const gone = await second.auth.getUser();
    expect(gone.error?.name).toBe("AuthSessionMissingError");
    const third = browserClient(t);
    await third.auth.signInWithPassword({ email, password: PASSWORD });
    await first.auth.signOut({ scope: "global" });
    expect((await third.auth.getUser()).error).not.toBeNull();
  });
});
