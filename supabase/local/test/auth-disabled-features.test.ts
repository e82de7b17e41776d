import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserClient, signedInUser } from "./support/auth-support";
import { startFidelityBackend } from "./support/rest-support";
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY, type TestBackend } from "./support/local-backend";

let t: TestBackend;
beforeAll(async () => {
  t = await startFidelityBackend();
});
afterAll(() => t?.stop());

const auth = (path: string, init: RequestInit = {}, key = LOCAL_PUBLISHABLE_KEY) => {
  const headers = new Headers(init.headers);
  headers.set("apikey", key);
  headers.set("x-supabase-api-version", "2024-01-01");
  if (key === LOCAL_SECRET_KEY) headers.set("authorization", `Bearer ${key}`);
  return fetch(`${t.url}/auth/v1${path}`, { ...init, headers });
};

const signedIn = async () => (await signedInUser(t, "disabled")).client;

describe("features the local stack answers as switched off", () => {
  it("SAML SSO: 404 saml_provider_disabled", async () => {
    const { data, error } = await browserClient(t).auth.signInWithSSO({ domain: "example.com" });
    expect(data).toBeNull();
    expect(error).toMatchObject({
      status: 404,
      code: "saml_provider_disabled",
      message: "SAML 2.0 is disabled",
    });
    expect((await auth("/sso/saml/metadata")).status).toBe(404);
  });

  it("manual identity linking: 401 without a session, 404 manual_linking_disabled with one", async () => {
    const anonymous = await auth("/user/identities/authorize?provider=github");
    expect(anonymous.status).toBe(401);
    const client = await signedIn();
    const { error } = await client.auth.linkIdentity({
      provider: "github",
      options: { skipBrowserRedirect: true },
    });
    expect(error).toMatchObject({
      status: 404,
      code: "manual_linking_disabled",
      message: "Manual linking is disabled",
    });
  });

  it("ID-token sign-in: GoTrue's validation, then provider_disabled with the issuer", async () => {
    const client = browserClient(t);
    const google = await client.auth.signInWithIdToken({ provider: "google", token: "a.b.c" });
    expect(google.error).toMatchObject({
      status: 400,
      code: "provider_disabled",
      message: 'Provider (issuer "https://accounts.google.com") is not enabled',
    });
    const appleToken = `e30.${Buffer.from(JSON.stringify({ iss: "https://appleid.apple.com" })).toString("base64url")}.x`;
    const apple = await client.auth.signInWithIdToken({ provider: "apple", token: appleToken });
    expect(apple.error?.message).toBe(
      'Provider (issuer "https://appleid.apple.com") is not enabled',
    );
    const missing = await auth("/token?grant_type=id_token", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ provider: "google" }),
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      error: "invalid request",
      error_description: "id_token required",
    });
  });

  it("Web3 sign-in: 422 web3_provider_disabled", async () => {
    const res = await auth("/token?grant_type=web3", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ chain: "ethereum", message: "m", signature: "0x" }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      code: "web3_provider_disabled",
      message: "Web3 provider is disabled",
    });
  });

  it("OAuth 2.1 server: admin endpoints need the secret key, then feature_disabled", async () => {
    expect((await auth("/admin/oauth/clients")).status).toBe(401);
    const res = await auth("/admin/oauth/clients", {}, LOCAL_SECRET_KEY);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: "feature_disabled",
      message: "OAuth server is disabled",
    });
    const meta = await auth("/.well-known/oauth-authorization-server");
    expect(meta.status).toBe(404);
  });

  it("OAuth 2.1 server: its flow endpoints answer feature_disabled before anything else", async () => {
    const disabled = { code: "feature_disabled", message: "OAuth server is disabled" };
    const calls: [string, RequestInit][] = [
      ["/oauth/authorize?client_id=x&redirect_uri=https://a.example.com", { redirect: "manual" }],
      [
        "/oauth/token",
        { method: "POST", body: new URLSearchParams({ grant_type: "refresh_token" }) },
      ],
      ["/oauth/clients/register", { method: "POST", body: "{}" }],
      ["/oauth/authorizations/abc", {}],
      ["/oauth/authorizations/abc/consent", { method: "POST", body: "{}" }],
      ["/oauth/userinfo", {}],
    ];
    for (const [path, init] of calls) {
      const res = await auth(path, init);
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toEqual(disabled);
    }
    const client = await signedIn();
    const grants = await client.auth.oauth.listGrants();
    expect(grants.error).toMatchObject({ status: 404, ...disabled });
    const atRoot = await fetch(`${t.url}/.well-known/oauth-authorization-server`);
    expect(atRoot.status).toBe(404);
    // OpenID discovery is served either way, without a registration endpoint.
    const openid = await auth("/.well-known/openid-configuration");
    expect(openid.status).toBe(200);
    const doc = await openid.json();
    expect(doc).toMatchObject({ issuer: `${t.url}/auth/v1`, response_types_supported: ["code"] });
    expect(doc).not.toHaveProperty("registration_endpoint");
  });
});
