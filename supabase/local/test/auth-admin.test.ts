import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SERVICE_ROLE_KEY } from "@groundwork/local-backend/keys";
import {
  PASSWORD,
  adminClient,
  browserClient,
  follow,
  fragment,
  startTestBackend,
  uniqueEmail,
  type TestBackend,
} from "./support/auth-support";

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
});
afterAll(() => t?.stop());

describe("admin users", () => {
  it("creates, reads, updates and deletes a user with the secret key", async () => {
    const admin = adminClient(t).auth.admin;
    const email = uniqueEmail("admin");
    const created = await admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { name: "Grace" },
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user?.email_confirmed_at).toBeTruthy();
    expect(
      (await browserClient(t).auth.signInWithPassword({ email, password: PASSWORD })).error,
    ).toBeNull();

    const got = await admin.getUserById(id);
    expect(got.data.user?.user_metadata.name).toBe("Grace");
    const updated = await admin.updateUserById(id, {
      user_metadata: { team: "core" },
      app_metadata: { plan: "pro" },
    });
    expect(updated.data.user?.user_metadata).toMatchObject({ name: "Grace", team: "core" });
    expect(updated.data.user?.app_metadata).toMatchObject({ provider: "email", plan: "pro" });

    const dup = await admin.createUser({ email, password: PASSWORD });
    expect(dup.error?.status).toBe(422);
    expect(dup.error?.code).toBe("email_exists");

    expect((await admin.deleteUser(id)).error).toBeNull();
    const gone = await admin.getUserById(id);
    expect(gone.error?.status).toBe(404);
    expect(gone.error?.code).toBe("user_not_found");
  });

  it("lists users page by page with a total", async () => {
    const admin = adminClient(t).auth.admin;
    for (let i = 0; i < 3; i++)
      await admin.createUser({ email: uniqueEmail("page"), password: PASSWORD });
    const { data: all } = await admin.listUsers({ page: 1, perPage: 1000 });
    const total = all.users.length;
    expect(total).toBeGreaterThanOrEqual(3);
    const { data, error } = await admin.listUsers({ page: 1, perPage: 2 });
    expect(error).toBeNull();
    expect(data.users).toHaveLength(2);
    expect(data).toMatchObject({ total, nextPage: 2, lastPage: Math.ceil(total / 2) });
    const res = await fetch(`${t.url}/auth/v1/admin/users?page=2&per_page=2`, {
      headers: {
        apikey: LOCAL_SERVICE_ROLE_KEY,
        authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
      },
    });
    expect(res.headers.get("x-total-count")).toBe(String(total));
    expect(res.headers.get("link")).toContain('rel="last"');
    const second = await res.json();
    expect(second.users.map((u: { id: string }) => u.id)).toEqual(
      all.users.slice(2, 4).map((u) => u.id),
    );
  });

  it("refuses the publishable key with not_admin and a request without a token with no_authorization", async () => {
    const res = await fetch(`${t.url}/auth/v1/admin/users`, {
      headers: { apikey: LOCAL_PUBLISHABLE_KEY, authorization: `Bearer ${LOCAL_PUBLISHABLE_KEY}` },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error_code).toBe("not_admin");
    const bare = await fetch(`${t.url}/auth/v1/admin/users`);
    expect(bare.status).toBe(401);
    const client = browserClient(t);
    t.backend.config.auth.email.enableConfirmations = false;
    const { data } = await client.auth.signUp({ email: uniqueEmail(), password: PASSWORD });
    t.backend.config.auth.email.enableConfirmations = true;
    const asUser = await fetch(`${t.url}/auth/v1/admin/users`, {
      headers: { authorization: `Bearer ${data.session?.access_token}` },
    });
    expect((await asUser.json()).error_code).toBe("not_admin");
  });
});

describe("generate_link", () => {
  it("makes signup, magiclink, recovery and invite links that verify", async () => {
    const admin = adminClient(t).auth.admin;
    const email = uniqueEmail("link");
    const signup = await admin.generateLink({
      type: "signup",
      email,
      password: PASSWORD,
      options: { redirectTo: "http://localhost:3000/welcome" },
    });
    expect(signup.error).toBeNull();
    expect(signup.data.properties).toMatchObject({
      verification_type: "signup",
      redirect_to: "http://localhost:3000/welcome",
    });
    expect(signup.data.properties?.email_otp).toMatch(/^\d{6}$/);
    expect(signup.data.user?.email).toBe(email);
    const landed = await follow(signup.data.properties!.action_link);
    expect(landed.pathname).toBe("/welcome");
    expect(fragment(landed).get("access_token")).toBeTruthy();

    const magic = await admin.generateLink({ type: "magiclink", email });
    const verified = await browserClient(t).auth.verifyOtp({
      token_hash: magic.data.properties!.hashed_token,
      type: "magiclink",
    });
    expect(verified.error).toBeNull();

    const recovery = await admin.generateLink({ type: "recovery", email });
    expect(recovery.data.properties?.verification_type).toBe("recovery");
    const code = await browserClient(t).auth.verifyOtp({
      email,
      token: recovery.data.properties!.email_otp,
      type: "recovery",
    });
    expect(code.error).toBeNull();

    const invited = uniqueEmail("invited");
    const invite = await admin.generateLink({ type: "invite", email: invited });
    expect(invite.data.user?.invited_at).toBeTruthy();
    expect(fragment(await follow(invite.data.properties!.action_link)).get("type")).toBe("invite");

    const unknown = await admin.generateLink({ type: "recovery", email: uniqueEmail() });
    expect(unknown.error?.code).toBe("user_not_found");
  });

  it("makes email_change links that need both halves", async () => {
    const admin = adminClient(t).auth.admin;
    const email = uniqueEmail("change");
    const { data } = await admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const next = uniqueEmail("changed");
    const current = await admin.generateLink({
      type: "email_change_current",
      email,
      newEmail: next,
    });
    expect(current.data.properties?.verification_type).toBe("email_change");
    await follow(current.data.properties!.action_link);
    const fresh = await admin.generateLink({ type: "email_change_new", email, newEmail: next });
    await follow(fresh.data.properties!.action_link);
    expect((await admin.getUserById(data.user!.id)).data.user?.email).toBe(next);
  });

  it("invites a user by mail", async () => {
    const email = uniqueEmail("invite");
    const { data, error } = await adminClient(t).auth.admin.inviteUserByEmail(email);
    expect(error).toBeNull();
    expect(data.user?.invited_at).toBeTruthy();
    const [mail] = (await t.backend.mail.list()).filter((m) => m.to.includes(email));
    expect(mail.subject).toBe("You have been invited");
  });
});
