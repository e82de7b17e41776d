import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PASSWORD,
  adminClient,
  browserClient,
  follow,
  fragment,
  lastMailTo,
  linkIn,
  mailsTo,
  uniqueEmail,
} from "./support/auth-support";
import { startTestBackend, type TestBackend } from "./support/local-backend";

// A project whose config.toml sets [auth.email.template.*] for confirmation, magic_link, recovery
// (subject only) and email_change; invite is left to the built-in mail.
const supabaseDir = path.join(import.meta.dirname, "fixtures", "email-templates", "supabase");
const SITE = "http://127.0.0.1:3999";

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend({
    supabaseDir,
    env: { ...process.env, SUPABASE_LOCAL_EMAIL_TEMPLATES: "on" },
  });
});
afterAll(() => t?.stop());

async function stored(email: string, column: string): Promise<string> {
  const { rows } = await t.backend.db.query<Record<string, string>>(
    `select ${column} as v from auth.users where email = $1`,
    [email],
  );
  return (rows[0] as { v: string }).v;
}

const codeOf = (text: string) => /Code: (\d{6})/.exec(text)?.[1];

describe("configured mail templates", () => {
  it("renders the confirmation template's subject and body, with a token hash that verifies in another client", async () => {
    const email = uniqueEmail("tpl-signup");
    const redirectTo = `${SITE}/auth/callback?next=${encodeURIComponent("/notes?x=1&y=2")}`;
    const asker = browserClient(t, { flowType: "pkce" });
    const { error } = await asker.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: redirectTo, data: { name: "Ada & Bo" } },
    });
    expect(error).toBeNull();

    const mail = await lastMailTo(t, email);
    expect(mail.subject).toBe(`Welcome Ada &amp; Bo, confirm ${email}`);
    expect(mail.html).toContain(`<h2>Confirm ${email}</h2>`);
    expect(mail.html).toContain("<p>Hello Ada &amp; Bo!</p>");
    expect(mail.html).not.toContain("{{");

    const tokenHash = await stored(email, "confirmation_token");
    expect(tokenHash).toMatch(/^pkce_[0-9a-f]+$/);
    const link = new URL(linkIn(mail));
    expect(link.origin + link.pathname).toBe(`${SITE}/auth/confirm`);
    expect(link.searchParams.get("token_hash")).toBe(tokenHash);
    expect(link.searchParams.get("type")).toBe("email");
    // {{ .RedirectTo }} after the "?" is query-escaped, so it comes back whole.
    expect(link.searchParams.get("next")).toBe(redirectTo);
    expect(linkIn(mail)).toContain(
      "next=http%3a%2f%2f127.0.0.1%3a3999%2fauth%2fcallback%3fnext%3d",
    );

    const code = codeOf(mail.text);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(`Confirm: ${link.toString()}`);

    // Another browser, which never asked for the mail, signs in with the hash alone.
    const other = browserClient(t, { flowType: "pkce" });
    const verified = await other.auth.verifyOtp({ type: "email", token_hash: tokenHash });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    const again = await browserClient(t).auth.verifyOtp({ type: "email", token_hash: tokenHash });
    expect(again.error?.code).toBe("otp_expired");
  });

  it("fills {{ .ConfirmationURL }} with the auth server's verify link, which still signs in", async () => {
    const email = uniqueEmail("tpl-magic");
    const admin = adminClient(t);
    expect(
      (await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })).error,
    ).toBeNull();
    expect(
      (
        await browserClient(t).auth.signInWithOtp({
          email,
          options: { emailRedirectTo: `${SITE}/welcome` },
        })
      ).error,
    ).toBeNull();

    const mail = await lastMailTo(t, email);
    expect(mail.subject).toBe("Your Magic Link");
    expect(mail.html).toContain(`Sign in to ${SITE}</a>`);
    const link = new URL(linkIn(mail));
    expect(link.origin + link.pathname).toBe(`${t.url}/auth/v1/verify`);
    expect(link.searchParams.get("type")).toBe("magiclink");
    expect(link.searchParams.get("token")).toBe(await stored(email, "recovery_token"));
    expect(link.searchParams.get("redirect_to")).toBe(`${SITE}/welcome`);
    expect(codeOf(mail.text)).toMatch(/^\d{6}$/);

    const location = await follow(link.toString());
    expect(location.origin + location.pathname).toBe(`${SITE}/welcome`);
    expect(fragment(location).get("access_token")).toBeTruthy();
  });

  it("uses a configured subject with the built-in body when only the subject is set", async () => {
    const email = uniqueEmail("tpl-recover");
    expect(
      (
        await adminClient(t).auth.admin.createUser({
          email,
          password: PASSWORD,
          email_confirm: true,
        })
      ).error,
    ).toBeNull();
    expect((await browserClient(t).auth.resetPasswordForEmail(email)).error).toBeNull();
    const mail = await lastMailTo(t, email);
    expect(mail.subject).toBe("Reset it");
    expect(mail.html).toContain("Reset Password");
    expect(new URL(linkIn(mail)).pathname).toBe("/auth/v1/verify");
  });

  it("renders email change per recipient, each with its own token hash", async () => {
    const email = uniqueEmail("tpl-old");
    const newEmail = uniqueEmail("tpl-new");
    expect(
      (
        await adminClient(t).auth.admin.createUser({
          email,
          password: PASSWORD,
          email_confirm: true,
        })
      ).error,
    ).toBeNull();
    const client = browserClient(t);
    expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect((await client.auth.updateUser({ email: newEmail })).error).toBeNull();

    const toNew = await lastMailTo(t, newEmail);
    const toOld = await lastMailTo(t, email);
    expect(toNew.subject).toBe(`Email change for ${newEmail}`);
    expect(toOld.subject).toBe(`Email change for ${email}`);
    expect(toNew.html).toContain(`<p>Confirm ${newEmail} as the new address of ${email}.</p>`);
    expect(toOld.html).toContain(`<p>Someone asked to move ${email} to ${newEmail}.</p>`);
    const hashNew = new URL(linkIn(toNew)).searchParams.get("token_hash");
    const hashOld = new URL(linkIn(toOld)).searchParams.get("token_hash");
    expect(hashNew).toBe(await stored(email, "email_change_token_new"));
    expect(hashOld).toBe(await stored(email, "email_change_token_current"));

    const first = await browserClient(t).auth.verifyOtp({
      type: "email_change",
      token_hash: hashOld!,
    });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    const second = await browserClient(t).auth.verifyOtp({
      type: "email_change",
      token_hash: hashNew!,
    });
    expect(second.error).toBeNull();
    expect(second.data.session?.user.email).toBe(newEmail);
  });

  it("keeps the built-in mail for a type the project did not configure", async () => {
    const email = uniqueEmail("tpl-invite");
    expect((await adminClient(t).auth.admin.inviteUserByEmail(email)).error).toBeNull();
    const mail = await lastMailTo(t, email);
    expect(mail.subject).toBe("You have been invited");
    expect(new URL(linkIn(mail)).pathname).toBe("/auth/v1/verify");
    expect(await mailsTo(t, email)).toHaveLength(1);
  });
});
