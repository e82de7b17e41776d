import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminClient, signedInUser } from "./support/auth-support";
import {
  approvedCode,
  basic,
  CALLBACK,
  claimsOf,
  newClient,
  pkcePair,
  startOAuthServerBackend,
  token,
} from "./support/oauth-server-support";
import type { TestBackend } from "./support/local-backend";

let t: TestBackend;
beforeAll(async () => {
  t = await startOAuthServerBackend();
});
afterAll(() => t?.stop());

describe("the authorization code flow with PKCE", () => {
  it("a public client gets tokens for the user who approved, and refreshes them", async () => {
    const app = await newClient(t, "public");
    const user = await signedInUser(t);
    const { verifier, challenge } = pkcePair();
    const code = await approvedCode(t, user.client, app.client_id, challenge);

    const issued = await token(t, {
      grant_type: "authorization_code",
      code,
      redirect_uri: CALLBACK,
      client_id: app.client_id,
      code_verifier: verifier,
    });
    expect(issued.status).toBe(200);
    expect(Object.keys(issued.body)).toEqual([
      "access_token",
      "expires_in",
      "id_token",
      "refresh_token",
      "token_type",
    ]);
    const claims = claimsOf(issued.body.access_token as string);
    expect(claims).toMatchObject({
      sub: user.id,
      role: "authenticated",
      client_id: app.client_id,
      scope: "openid email profile",
      amr: [{ method: "oauth_provider/authorization_code" }],
    });
    expect(claimsOf(issued.body.id_token as string)).toMatchObject({
      sub: user.id,
      aud: app.client_id,
      email: user.email,
      email_verified: true,
      client_id: app.client_id,
    });

    // The access token works against the project's own APIs as that user.
    const asApp = await fetch(`${t.url}/auth/v1/user`, {
      headers: { authorization: `Bearer ${issued.body.access_token}` },
    });
    expect((await asApp.json()).id).toBe(user.id);
    const info = await fetch(`${t.url}/auth/v1/oauth/userinfo`, {
      headers: { authorization: `Bearer ${issued.body.access_token}` },
    });
    expect(await info.json()).toMatchObject({
      sub: user.id,
      email: user.email,
      email_verified: true,
    });

    const refreshed = await token(t, {
      grant_type: "refresh_token",
      refresh_token: issued.body.refresh_token as string,
      client_id: app.client_id,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).not.toHaveProperty("user");
    expect(claimsOf(refreshed.body.access_token as string)).toMatchObject({
      client_id: app.client_id,
    });

    // The session belongs to the app: the project's own refresh path refuses it.
    const firstParty = await adminClient(t).auth.refreshSession({
      refresh_token: refreshed.body.refresh_token as string,
    });
    expect(firstParty.error).toMatchObject({
      status: 400,
      message: "Client authentication required for OAuth session",
    });
  });

  it("a confidential client authenticates with its secret (Basic), and a wrong secret is refused", async () => {
    const app = await newClient(t, "confidential");
    const user = await signedInUser(t);
    const { verifier, challenge } = pkcePair();
    const code = await approvedCode(t, user.client, app.client_id, challenge, "email");
    const fields = { grant_type: "authorization_code", code, code_verifier: verifier };

    const wrong = await token(t, fields, basic(app.client_id, "not-the-secret"));
    expect(wrong).toEqual({
      status: 400,
      body: { code: 400, error_code: "invalid_credentials", msg: "invalid client credentials" },
    });
    const asPost = await token(t, {
      ...fields,
      client_id: app.client_id,
      client_secret: app.client_secret!,
    });
    expect(asPost.body).toMatchObject({
      error_code: "invalid_credentials",
      msg: "invalid authentication method: client is registered for 'client_secret_basic' but 'client_secret_post' was used",
    });

    const ok = await token(t, fields, basic(app.client_id, app.client_secret!));
    expect(ok.status).toBe(200);
    expect(ok.body).not.toHaveProperty("id_token");
    expect(claimsOf(ok.body.access_token as string)).toMatchObject({
      client_id: app.client_id,
      scope: "email",
    });

    // A second grant needs no new consent: the details answer with the redirect straight away.
    const again = pkcePair();
    expect(await approvedCode(t, user.client, app.client_id, again.challenge, "email")).toMatch(
      /^[0-9a-f-]{36}$/,
    );
  });

  it("refuses a wrong PKCE verifier, a wrong redirect_uri and a code used twice", async () => {
    const app = await newClient(t, "public");
    const user = await signedInUser(t);
    const { verifier, challenge } = pkcePair();
    const code = await approvedCode(t, user.client, app.client_id, challenge);
    const base = { grant_type: "authorization_code", code, client_id: app.client_id };

    expect(await token(t, { ...base, code_verifier: pkcePair().verifier })).toEqual({
      status: 400,
      body: {
        error: "invalid_grant",
        error_description:
          "PKCE verification failed: code challenge does not match previously saved code verifier",
      },
    });
    expect(
      await token(t, {
        ...base,
        code_verifier: verifier,
        redirect_uri: "https://client.example.com/other",
      }),
    ).toEqual({
      status: 400,
      body: { error: "invalid_grant", error_description: "Invalid redirect_uri" },
    });

    expect((await token(t, { ...base, code_verifier: verifier })).status).toBe(200);
    expect(await token(t, { ...base, code_verifier: verifier })).toEqual({
      status: 400,
      body: { error: "invalid_grant", error_description: "Invalid authorization code" },
    });
  });
});
