// A new password needs proof, as GoTrue asks for it in internal/api/user.go (UserUpdate):
// `current_password` with UpdatePasswordRequireCurrentPassword, the `nonce` from reauthenticate()
// with secure_password_change (SecurityConfig.UpdatePasswordRequireReauthentication), and the
// password_changed notice of internal/api/mail.go (sendPasswordChangedNotification).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import {
  adminClient,
  browserClient,
  codeIn,
  lastMailTo,
  mailsTo,
  PASSWORD,
  startTestBackend,
  uniqueEmail,
  type TestBackend,
} from "./support/auth-support";

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend({
    env: { ...process.env, GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD: "true" },
  });
});
afterAll(() => t?.stop());

const NEW_PASSWORD = "a brand new password 7";

async function withPassword(): Promise<{ email: string; client: SupabaseClient }> {
  const email = uniqueEmail("proof");
  const made = await adminClient(t).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  expect(made.error).toBeNull();
  const client = browserClient(t);
  expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  return { email, client };
}

/** Signed in with a mailed code: no password, and a session GoTrue counts as a recovery. */
async function byMailedCode(email: string): Promise<SupabaseClient> {
  const client = browserClient(t);
  expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
  const token = codeIn(await lastMailTo(t, email));
  expect((await client.auth.verifyOtp({ email, token, type: "email" })).error).toBeNull();
  return client;
}

async function signsInWith(email: string, password: string): Promise<boolean> {
  return !(await browserClient(t).auth.signInWithPassword({ email, password })).error;
}

describe("the current password (UpdatePasswordRequireCurrentPassword)", () => {
  it("is required: 400 current_password_required, and the password stays", async () => {
    const { email, client } = await withPassword();
    const { error } = await client.auth.updateUser({ password: NEW_PASSWORD });
    expect(error).toMatchObject({
      status: 400,
      code: "current_password_required",
      message: "Current password required when setting new password.",
    });
    expect(await signsInWith(email, PASSWORD)).toBe(true);
  });

  it("a wrong one is 400 current_password_invalid", async () => {
    const { email, client } = await withPassword();
    const { error } = await client.auth.updateUser({
      password: NEW_PASSWORD,
      current_password: "not my password 1",
    });
    expect(error).toMatchObject({ status: 400, code: "current_password_invalid" });
    expect(await signsInWith(email, NEW_PASSWORD)).toBe(false);
  });

  it("the right one changes it", async () => {
    const { email, client } = await withPassword();
    const { error } = await client.auth.updateUser({
      password: NEW_PASSWORD,
      current_password: PASSWORD,
    });
    expect(error).toBeNull();
    expect(await signsInWith(email, NEW_PASSWORD)).toBe(true);
    expect(await signsInWith(email, PASSWORD)).toBe(false);
  });

  it("is not asked of a session signed in by a mailed code (a reset), nor of an account without one", async () => {
    const { email } = await withPassword();
    const reset = await byMailedCode(email);
    expect((await reset.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();
    expect(await signsInWith(email, NEW_PASSWORD)).toBe(true);

    const fresh = uniqueEmail("nopassword");
    expect(
      (await adminClient(t).auth.admin.createUser({ email: fresh, email_confirm: true })).error,
    ).toBeNull();
    const client = await byMailedCode(fresh);
    expect((await client.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();
    expect(await signsInWith(fresh, NEW_PASSWORD)).toBe(true);
  });
});

describe("the reauthentication nonce (secure_password_change)", () => {
  it("a session older than a day needs it; a wrong or reused one is 422 reauthentication_not_valid", async () => {
    const { email, client } = await withPassword();
    await t.backend.db.query(
      "update auth.sessions set created_at = now() - interval '25 hours' where user_id = (select id from auth.users where email = $1)",
      [email],
    );
    t.backend.config.auth.email.securePasswordChange = true;
    try {
      const attrs = { password: NEW_PASSWORD, current_password: PASSWORD };
      const needed = await client.auth.updateUser(attrs);
      expect(needed.error).toMatchObject({
        status: 400,
        code: "reauthentication_needed",
        message: "Password update requires reauthentication",
      });
      expect((await client.auth.reauthenticate()).error).toBeNull();
      const nonce = codeIn(await lastMailTo(t, email));
      const wrong = await client.auth.updateUser({ ...attrs, nonce: "000000" });
      expect(wrong.error).toMatchObject({
        status: 422,
        code: "reauthentication_not_valid",
        message: "Nonce has expired or is invalid",
      });
      // The nonce alone is not enough while the account has a password.
      const noCurrent = await client.auth.updateUser({ password: NEW_PASSWORD, nonce });
      expect(noCurrent.error?.code).toBe("current_password_required");
      // GoTrue uses the nonce up once it is accepted, even when a later check refuses.
      const reused = await client.auth.updateUser({ ...attrs, nonce });
      expect(reused.error?.code).toBe("reauthentication_not_valid");

      expect((await client.auth.reauthenticate()).error).toBeNull();
      const second = codeIn(await lastMailTo(t, email));
      expect((await client.auth.updateUser({ ...attrs, nonce: second })).error).toBeNull();
      expect(await signsInWith(email, NEW_PASSWORD)).toBe(true);
    } finally {
      t.backend.config.auth.email.securePasswordChange = false;
    }
  });
});

describe("reauthenticate()", () => {
  it("answers 400 validation_failed for an account without an address, as GoTrue does", async () => {
    const client = browserClient(t);
    expect((await client.auth.signInAnonymously()).error).toBeNull();
    expect((await client.auth.reauthenticate()).error).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "Reauthentication requires the user to have an email or a phone number",
    });
  });
});

describe("the password_changed notice ([auth.email.notification.password_changed])", () => {
  const notices = async (email: string) =>
    (await mailsTo(t, email)).filter((m) => /password was changed/i.test(m.subject));

  it("reaches the owner's inbox after a change, with GoTrue's built-in words", async () => {
    const saved = t.backend.config.auth.email.notification;
    t.backend.config.auth.email.notification = {
      password_changed: { subject: null, contentPath: null, content: null },
    };
    try {
      const { email, client } = await withPassword();
      expect(
        (await client.auth.updateUser({ password: NEW_PASSWORD, current_password: PASSWORD }))
          .error,
      ).toBeNull();
      const [notice] = await notices(email);
      expect(notice).toBeDefined();
      expect(notice.subject).toBe("Your password was changed");
      expect(notice.text).toContain("The password for your account was recently changed.");
    } finally {
      t.backend.config.auth.email.notification = saved;
    }
  });

  it("uses the project's template, with {{ .Email }} and {{ .SiteURL }}", async () => {
    const saved = t.backend.config.auth.email.notification;
    t.backend.config.auth.email.notification = {
      password_changed: {
        subject: "Password changed for {{ .Email }}",
        contentPath: null,
        content: '<p>Not you? <a href="{{ .SiteURL }}/forgot-password">Reset it</a></p>',
      },
    };
    try {
      const { email, client } = await withPassword();
      await client.auth.updateUser({ password: NEW_PASSWORD, current_password: PASSWORD });
      const mail = (await mailsTo(t, email)).find((m) => m.subject.startsWith("Password changed"));
      expect(mail?.subject).toBe(`Password changed for ${email}`);
      expect(mail?.html).toContain(`${t.backend.config.auth.siteUrl}/forgot-password`);
    } finally {
      t.backend.config.auth.email.notification = saved;
    }
  });

  it("is not sent when switched off, nor when the change is refused", async () => {
    const saved = t.backend.config.auth.email.notification;
    try {
      t.backend.config.auth.email.notification = {
        password_changed: { subject: null, contentPath: null, content: null },
      };
      const refused = await withPassword();
      await refused.client.auth.updateUser({ password: NEW_PASSWORD });
      expect(await notices(refused.email)).toEqual([]);

      t.backend.config.auth.email.notification = {};
      const { email, client } = await withPassword();
      expect(
        (await client.auth.updateUser({ password: NEW_PASSWORD, current_password: PASSWORD }))
          .error,
      ).toBeNull();
      expect(await mailsTo(t, email)).toEqual([]);
    } finally {
      t.backend.config.auth.email.notification = saved;
    }
  });
});
