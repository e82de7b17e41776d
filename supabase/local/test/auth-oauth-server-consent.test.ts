import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminClient, signedInUser } from "./support/auth-support";
import {
  approvedCode,
  authorize,
  CALLBACK,
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

describe("/oauth/authorize and consent", () => {
  it("answers a bad client or redirect_uri itself, and other problems at the redirect_uri", async () => {
    const app = await newClient(t, "public");
    const get = (q: Record<string, string>) =>
      fetch(`${t.url}/auth/v1/oauth/authorize?${new URLSearchParams(q)}`, {
        redirect: "manual",
        headers: { "x-supabase-api-version": "2024-01-01" },
      });
    const wrongUri = await get({
      client_id: app.client_id,
      redirect_uri: "https://evil.example.com/cb",
    });
    expect(wrongUri.status).toBe(400);
    expect(await wrongUri.json()).toEqual({
      code: "validation_failed",
      message: "invalid redirect_uri",
    });
    const unknown = await get({
      client_id: "00000000-0000-4000-8000-000000000000",
      redirect_uri: CALLBACK,
    });
    expect(await unknown.json()).toEqual({
      code: "oauth_client_not_found",
      message: "invalid client_id",
    });

    const noPkce = await authorize(t, {
      client_id: app.client_id,
      redirect_uri: CALLBACK,
      state: "s1",
    });
    expect(`${noPkce.origin}${noPkce.pathname}`).toBe(CALLBACK);
    expect(Object.fromEntries(noPkce.searchParams)).toEqual({
      error: "invalid_request",
      error_description: "PKCE flow requires both code_challenge and code_challenge_method",
      state: "s1",
    });
    const badScope = await authorize(t, {
      client_id: app.client_id,
      redirect_uri: CALLBACK,
      scope: "openid admin",
      code_challenge: pkcePair().challenge,
      code_challenge_method: "S256",
    });
    expect(badScope.searchParams.get("error_description")).toBe("unsupported scope: admin");
    const hugeState = await authorize(t, {
      client_id: app.client_id,
      redirect_uri: CALLBACK,
      state: "s".repeat(5000),
      code_challenge: pkcePair().challenge,
      code_challenge_method: "S256",
    });
    expect(hugeState.searchParams.get("error")).toBe("server_error");
    expect(hugeState.searchParams.get("error_description")).toBe("error creating authorization");
  });

  it("sends the browser to the site's consent page; a denial goes back as access_denied", async () => {
    const app = await newClient(t, "public");
    const user = await signedInUser(t);
    const consentPage = await authorize(t, {
      client_id: app.client_id,
      redirect_uri: CALLBACK,
      state: "st",
      code_challenge: pkcePair().challenge,
      code_challenge_method: "S256",
    });
    expect(`${consentPage.origin}${consentPage.pathname}`).toBe(
      "http://127.0.0.1:3000/oauth/consent",
    );
    const id = consentPage.searchParams.get("authorization_id")!;
    expect(id).toMatch(/^[a-z2-7]{32}$/);

    // Only the site's own pages may read or answer it from a browser.
    const session = (await user.client.auth.getSession()).data.session!;
    const fromElsewhere = await fetch(`${t.url}/auth/v1/oauth/authorizations/${id}`, {
      headers: {
        authorization: `Bearer ${session.access_token}`,
        origin: "https://evil.example.com",
        "x-supabase-api-version": "2024-01-01",
      },
    });
    expect(fromElsewhere.status).toBe(400);
    expect(await fromElsewhere.json()).toEqual({
      code: "validation_failed",
      message: "unauthorized request origin",
    });

    const details = await user.client.auth.oauth.getAuthorizationDetails(id);
    expect(details.data).toEqual({
      authorization_id: id,
      redirect_uri: CALLBACK,
      client: { id: app.client_id, name: "public app" },
      user: { id: user.id, email: user.email },
      scope: "email",
    });
    // The request now belongs to this user; another user cannot see or answer it.
    const other = await signedInUser(t);
    expect((await other.client.auth.oauth.getAuthorizationDetails(id)).error).toMatchObject({
      status: 404,
      code: "oauth_authorization_not_found",
    });

    const denied = await user.client.auth.oauth.denyAuthorization(id);
    expect(denied.error).toBeNull();
    const back = new URL(denied.data!.redirect_url);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      error: "access_denied",
      error_description: "User denied the request",
      state: "st",
    });
    const twice = await user.client.auth.oauth.approveAuthorization(id);
    expect(twice.error).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "authorization request is no longer pending",
    });
  });

  it("a request left past its ten minutes is gone, and so is a code not exchanged in time", async () => {
    const app = await newClient(t, "public");
    const user = await signedInUser(t);
    const age = (where: string, value: string) =>
      t.backend.db.query(
        `update auth.oauth_authorizations set created_at = now() - interval '20 minutes',
           expires_at = now() - interval '10 minutes' where ${where} = $1`,
        [value],
      );
    const stale = await authorize(t, {
      client_id: app.client_id,
      redirect_uri: CALLBACK,
      code_challenge: pkcePair().challenge,
      code_challenge_method: "S256",
    });
    const id = stale.searchParams.get("authorization_id")!;
    await age("authorization_id", id);
    expect((await user.client.auth.oauth.getAuthorizationDetails(id)).error).toMatchObject({
      status: 404,
      code: "oauth_authorization_not_found",
      message: "authorization not found",
    });
    const { rows } = await t.backend.db.query<{ status: string }>(
      "select status from auth.oauth_authorizations where authorization_id = $1",
      [id],
    );
    expect(rows).toEqual([{ status: "expired" }]);

    const { verifier, challenge } = pkcePair();
    const code = await approvedCode(t, user.client, app.client_id, challenge);
    await age("authorization_code", code);
    expect(
      await token(t, {
        grant_type: "authorization_code",
        code,
        client_id: app.client_id,
        code_verifier: verifier,
      }),
    ).toEqual({
      status: 400,
      body: { error: "invalid_grant", error_description: "Authorization code has expired" },
    });
  });

  it("a deleted client can neither start a flow nor use its tokens' refresh", async () => {
    const app = await newClient(t, "public");
    const user = await signedInUser(t);
    const { verifier, challenge } = pkcePair();
    const code = await approvedCode(t, user.client, app.client_id, challenge);
    const issued = await token(t, {
      grant_type: "authorization_code",
      code,
      client_id: app.client_id,
      code_verifier: verifier,
    });
    expect((await user.client.auth.oauth.listGrants()).data).toEqual([
      expect.objectContaining({
        client: { id: app.client_id, name: "public app" },
        scopes: ["openid", "email", "profile"],
      }),
    ]);

    expect((await adminClient(t).auth.admin.oauth.deleteClient(app.client_id)).error).toBeNull();
    const start = await fetch(
      `${t.url}/auth/v1/oauth/authorize?${new URLSearchParams({ client_id: app.client_id, redirect_uri: CALLBACK })}`,
      { redirect: "manual" },
    );
    expect(start.status).toBe(400);
    expect(
      await token(t, {
        grant_type: "refresh_token",
        refresh_token: issued.body.refresh_token as string,
        client_id: app.client_id,
      }),
    ).toEqual({
      status: 400,
      body: { code: 400, error_code: "invalid_credentials", msg: "Invalid client credentials" },
    });
    expect((await user.client.auth.oauth.listGrants()).data).toEqual([]);
  });

  it("revoking a grant ends the app's sessions", async () => {
    const app = await newClient(t, "public");
    const user = await signedInUser(t);
    const { verifier, challenge } = pkcePair();
    const code = await approvedCode(t, user.client, app.client_id, challenge);
    const issued = await token(t, {
      grant_type: "authorization_code",
      code,
      client_id: app.client_id,
      code_verifier: verifier,
    });
    expect(
      (await user.client.auth.oauth.revokeGrant({ clientId: app.client_id })).error,
    ).toBeNull();
    const refresh = await token(t, {
      grant_type: "refresh_token",
      refresh_token: issued.body.refresh_token as string,
      client_id: app.client_id,
    });
    expect(refresh.status).toBe(400);
    const again = await user.client.auth.oauth.revokeGrant({ clientId: app.client_id });
    expect(again.error).toMatchObject({ status: 404, code: "oauth_consent_not_found" });
  });
});
