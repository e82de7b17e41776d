import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminClient } from "./support/auth-support";
import { basic, CALLBACK, startOAuthServerBackend, token } from "./support/oauth-server-support";
import type { TestBackend } from "./support/local-backend";

let t: TestBackend;
beforeAll(async () => {
  t = await startOAuthServerBackend();
});
afterAll(() => t?.stop());

const admin = () => adminClient(t).auth.admin.oauth;

async function register(body: unknown) {
  const res = await fetch(`${t.url}/auth/v1/oauth/clients/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-supabase-api-version": "2024-01-01" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe("OAuth clients through auth.admin.oauth", () => {
  it("creates a confidential client with a secret shown once, then gets, lists and updates it", async () => {
    const created = await admin().createClient({
      client_name: "Notes Sync",
      client_uri: "https://sync.example.com",
      redirect_uris: [CALLBACK, "http://localhost:8080/cb"],
    });
    expect(created.error).toBeNull();
    const client = created.data!;
    expect(client).toMatchObject({
      client_type: "confidential",
      token_endpoint_auth_method: "client_secret_basic",
      registration_type: "manual",
      redirect_uris: [CALLBACK, "http://localhost:8080/cb"],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      client_name: "Notes Sync",
      client_uri: "https://sync.example.com",
    });
    expect(client.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(client).not.toHaveProperty("logo_uri");

    const got = await admin().getClient(client.client_id);
    expect(got.error).toBeNull();
    expect(got.data).not.toHaveProperty("client_secret");
    expect(got.data).toMatchObject({ client_id: client.client_id, client_name: "Notes Sync" });

    const updated = await admin().updateClient(client.client_id, {
      client_name: "Notes Sync 2",
      logo_uri: "https://sync.example.com/logo.png",
      token_endpoint_auth_method: "client_secret_post",
    });
    expect(updated.error).toBeNull();
    expect(updated.data).toMatchObject({
      client_name: "Notes Sync 2",
      logo_uri: "https://sync.example.com/logo.png",
      client_uri: "https://sync.example.com",
      token_endpoint_auth_method: "client_secret_post",
    });

    const listed = await admin().listClients();
    expect(listed.error).toBeNull();
    expect(listed.data.clients.map((c) => c.client_id)).toContain(client.client_id);
    // GoTrue lists every client in one page and sends no pagination headers.
    expect(listed.data).toMatchObject({ nextPage: null, lastPage: 0, total: 0 });
  });

  it("creates a public client without a secret; its secret cannot be regenerated", async () => {
    const { data, error } = await admin().createClient({
      client_name: "CLI",
      redirect_uris: ["myapp://callback"],
      token_endpoint_auth_method: "none",
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ client_type: "public", token_endpoint_auth_method: "none" });
    expect(data).not.toHaveProperty("client_secret");
    const again = await admin().regenerateClientSecret(data!.client_id);
    expect(again.data).toBeNull();
    expect(again.error).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "Cannot regenerate secret for public client",
    });
  });

  it("regenerates a confidential client's secret; the old one stops working at once", async () => {
    const { data } = await admin().createClient({ client_name: "Rot", redirect_uris: [CALLBACK] });
    const regenerated = await admin().regenerateClientSecret(data!.client_id);
    expect(regenerated.error).toBeNull();
    expect(regenerated.data!.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(regenerated.data!.client_secret).not.toBe(data!.client_secret);

    // The token endpoint authenticates the client before it looks at the grant.
    const grant = { grant_type: "refresh_token", refresh_token: "no-such-token" };
    const withOld = await token(t, grant, basic(data!.client_id, data!.client_secret!));
    expect(withOld.body).toMatchObject({
      error_code: "invalid_credentials",
      msg: "invalid client credentials",
    });
    const withNew = await token(t, grant, basic(data!.client_id, regenerated.data!.client_secret!));
    expect(withNew.body).toMatchObject({
      error_code: "refresh_token_not_found",
      msg: "Invalid Refresh Token: Refresh Token Not Found",
    });
  });

  it("refuses bad client definitions with GoTrue's codes and words", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ client_name: "x" }, "400: redirect_uris is required"],
      [
        { redirect_uris: ["http://example.com/cb"] },
        "400: invalid redirect_uri 'http://example.com/cb': HTTP scheme only allowed for localhost",
      ],
      [
        { redirect_uris: ["https://a.example.com/cb#frag"] },
        "400: invalid redirect_uri 'https://a.example.com/cb#frag': fragment not allowed in redirect URI",
      ],
      [
        { redirect_uris: [CALLBACK], grant_types: ["password"] },
        "400: grant_types must only contain 'authorization_code' and/or 'refresh_token'",
      ],
      [
        {
          redirect_uris: [CALLBACK],
          client_type: "public",
          token_endpoint_auth_method: "client_secret_post",
        },
        "400: client_type 'public' is inconsistent with token_endpoint_auth_method 'client_secret_post' (expected client_type 'confidential')",
      ],
    ];
    for (const [body, message] of cases) {
      const { data, error } = await admin().createClient(body as never);
      expect(data).toBeNull();
      expect(error).toMatchObject({ status: 400, code: "validation_failed", message });
    }
    const empty = await admin().updateClient(
      (await admin().listClients()).data.clients[0].client_id,
      {},
    );
    expect(empty.error).toMatchObject({
      code: "validation_failed",
      message: "No fields provided for update",
    });
  });

  it("answers an unknown or malformed client id, and a deleted client is gone", async () => {
    const missing = await admin().getClient("00000000-0000-4000-8000-000000000000");
    expect(missing.error).toMatchObject({
      status: 404,
      code: "oauth_client_not_found",
      message: "OAuth client not found",
    });
    const malformed = await admin().getClient("nope");
    expect(malformed.error).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "invalid client_id format",
    });

    const { data } = await admin().createClient({ client_name: "Gone", redirect_uris: [CALLBACK] });
    expect((await admin().deleteClient(data!.client_id)).error).toBeNull();
    expect((await admin().getClient(data!.client_id)).error).toMatchObject({ status: 404 });
    const listed = await admin().listClients();
    expect(listed.data.clients.map((c) => c.client_id)).not.toContain(data!.client_id);
    // The row stays, soft-deleted, as GoTrue keeps it.
    const { rows } = await t.backend.db.query<{ deleted: boolean }>(
      "select deleted_at is not null as deleted from auth.oauth_clients where id = $1",
      [data!.client_id],
    );
    expect(rows).toEqual([{ deleted: true }]);
  });

  it("needs the secret key: the publishable key gets 401", async () => {
    const res = await fetch(`${t.url}/auth/v1/admin/oauth/clients`);
    expect(res.status).toBe(401);
  });
});

describe("dynamic client registration", () => {
  it("registers a client anyone can create when the project allows it", async () => {
    const { status, body } = await register({
      client_name: "MCP tool",
      redirect_uris: ["http://127.0.0.1:33418/callback"],
      token_endpoint_auth_method: "none",
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ registration_type: "dynamic", client_type: "public" });
    // The same metadata at the issuer's path, at the API root and with the issuer path inserted.
    for (const path of [
      "/auth/v1/.well-known/oauth-authorization-server",
      "/.well-known/oauth-authorization-server",
      "/.well-known/oauth-authorization-server/auth/v1",
    ]) {
      const res = await fetch(`${t.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.json(), path).toMatchObject({
        issuer: `${t.url}/auth/v1`,
        authorization_endpoint: `${t.url}/auth/v1/oauth/authorize`,
        token_endpoint: `${t.url}/auth/v1/oauth/token`,
        registration_endpoint: `${t.url}/auth/v1/oauth/clients/register`,
        code_challenge_methods_supported: ["S256", "plain"],
      });
    }
  });

  it("refuses it when allow_dynamic_registration is off", async () => {
    const closed = await startOAuthServerBackend({
      SUPABASE_AUTH_OAUTH_SERVER_ALLOW_DYNAMIC_REGISTRATION: "false",
      SUPABASE_LOCAL_RATE_LIMITS: "on",
    });
    try {
      const attempt = () =>
        fetch(`${closed.url}/auth/v1/oauth/clients/register`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-supabase-api-version": "2024-01-01" },
          body: JSON.stringify({ redirect_uris: [CALLBACK] }),
        });
      const res = await attempt();
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        code: "oauth_dynamic_client_registration_disabled",
        message: "Dynamic client registration is not enabled",
      });
      // GoTrue's rate limit runs first: 30 attempts per address, then 429.
      for (let i = 1; i < 30; i++) expect((await attempt()).status).toBe(403);
      const limited = await attempt();
      expect(limited.status).toBe(429);
      expect(await limited.json()).toEqual({
        code: "over_request_rate_limit",
        message: "Request rate limit reached",
      });
      const meta = await (
        await fetch(`${closed.url}/auth/v1/.well-known/openid-configuration`)
      ).json();
      expect(meta).not.toHaveProperty("registration_endpoint");
    } finally {
      await closed.stop();
    }
  });
});
