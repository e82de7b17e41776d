import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  createRemoteJWKSet,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type JWK,
} from "jose";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LOCAL_ANON_KEY,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  LOCAL_SERVICE_ROLE_KEY,
} from "@groundwork/local-backend/keys";
import { startTestBackend, type TestBackend } from "./support/local-backend";

describe("API keys in the apikey header", () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startTestBackend({
      supabaseDir: path.join(import.meta.dirname, "fixtures", "grants"),
    });
  });
  afterAll(() => t?.stop());

  const get = (pathname: string, key: string | null) =>
    fetch(`${t.url}${pathname}`, { headers: key ? { apikey: key } : {} });
  const pg = (key: string | null) =>
    fetch(`${t.url}/pg/query`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(key ? { apikey: key } : {}) },
      body: JSON.stringify({ query: "select 1 as one" }),
    });

  const anonKeys: [string, string | null][] = [
    ["publishable key", LOCAL_PUBLISHABLE_KEY],
    ["legacy anon JWT", LOCAL_ANON_KEY],
  ];
  const serviceKeys: [string, string][] = [
    ["secret key", LOCAL_SECRET_KEY],
    ["legacy service_role JWT", LOCAL_SERVICE_ROLE_KEY],
  ];

  it.each(anonKeys)("the %s acts as anon", async (_name, key) => {
    const open = await get("/rest/v1/open_board?select=message", key);
    expect(open.status).toBe(200);
    expect(await open.json()).toEqual([{ message: "visible to everyone" }]);
    expect((await get("/rest/v1/staff_only", key)).status).toBe(401);
    expect((await pg(key)).status).toBe(401);
  });

  const noKey = {
    message: "No API key found in request",
    hint: "No `apikey` request header or url param was found.",
  };

  it.each([
    ["database API", "/rest/v1/open_board?select=message"],
    ["database API description", "/rest/v1/"],
    ["storage API", "/storage/v1/bucket"],
    ["resumable uploads", "/storage/v1/upload/resumable"],
  ])("the %s refuses a request with no key at all, as the hosted gateway does", async (_n, p) => {
    const res = await get(p, null);
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(noKey);
  });

  it("takes the key from the apikey url parameter too", async () => {
    const open = await get(
      `/rest/v1/open_board?select=message&apikey=${LOCAL_PUBLISHABLE_KEY}`,
      null,
    );
    expect(open.status).toBe(200);
    expect(await open.json()).toEqual([{ message: "visible to everyone" }]);
    const staff = await get(`/rest/v1/staff_only?apikey=${LOCAL_SECRET_KEY}`, null);
    expect(staff.status).toBe(200);
  });

  it("serves public objects and signed URLs without a key, as browsers load them", async () => {
    const res = await get("/storage/v1/object/public/nowhere/file.txt", null);
    expect(res.status).not.toBe(401);
    expect(await res.json()).not.toEqual(noKey);
  });

  it.each(serviceKeys)("the %s acts as service_role", async (_name, key) => {
    expect((await get("/rest/v1/staff_only", key)).status).toBe(200);
    const res = await pg(key);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ one: 1 }]);
  });

  it.each([
    ["an unknown sb_ key", "sb_publishable_not-the-local-one"],
    ["a JWT signed with another secret", LOCAL_ANON_KEY.slice(0, -4) + "AAAA"],
  ])("%s is refused", async (_name, key) => {
    expect((await get("/rest/v1/open_board", key)).status).toBe(401);
    expect((await pg(key)).status).toBe(401);
  });
});

/** A JWK set with one private key of `alg`, as `signing_keys_path` holds it. */
async function signingKeys(alg: "RS256" | "ES256"): Promise<{ jwk: JWK; kid: string }> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  const kid = `test-${alg.toLowerCase()}-${Math.random().toString(36).slice(2)}`;
  return {
    jwk: { ...(await exportJWK(privateKey)), kid, alg, use: "sig", key_ops: ["sign", "verify"] },
    kid,
  };
}

describe.each(["RS256", "ES256"] as const)("signing_keys_path with an %s key", (alg) => {
  let t: TestBackend;
  let kid: string;
  let supabaseDir: string;

  beforeAll(async () => {
    supabaseDir = mkdtempSync(path.join(tmpdir(), `signing-keys-${alg}-`));
    const keys = await signingKeys(alg);
    kid = keys.kid;
    // The CLI writes a JSON array of JWKs, sometimes beside the symmetric legacy key; an object
    // with `keys` is accepted too.
    const legacy = {
      kty: "oct",
      alg: "HS256",
      k: Buffer.from("x".repeat(40)).toString("base64url"),
    };
    writeFileSync(
      path.join(supabaseDir, "keys.json"),
      JSON.stringify(alg === "RS256" ? [keys.jwk, legacy] : { keys: [keys.jwk] }),
    );
    writeFileSync(
      path.join(supabaseDir, "config.toml"),
      `[auth]\nsigning_keys_path = "./keys.json"\nenable_signup = true\n[auth.email]\nenable_confirmations = false\n`,
    );
    t = await startTestBackend({ supabaseDir });
  });
  afterAll(async () => {
    await t?.stop();
    rmSync(supabaseDir, { recursive: true, force: true });
  });

  it("signs tokens with that key and its kid", async () => {
    const token = await t.backend.keys.sign({ sub: "someone", role: "authenticated" });
    expect(decodeProtectedHeader(token)).toMatchObject({ alg, kid, typ: "JWT" });
    expect((await t.backend.keys.verify(token)).sub).toBe("someone");
  });

  it("publishes only its public part in the JWKS", async () => {
    const res = await fetch(`${t.url}/auth/v1/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    const { keys } = (await res.json()) as { keys: JWK[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kid, alg, kty: alg === "RS256" ? "RSA" : "EC" });
    expect(keys[0]).not.toHaveProperty("d");
    expect(keys[0]).not.toHaveProperty("p");
    expect(keys[0]).not.toHaveProperty("k");
  });

  it("accepts anon and service_role API keys signed with that key, on every API", async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const anonKey = await t.backend.keys.sign({ iss: "supabase-demo", role: "anon", exp });
    const serviceKey = await t.backend.keys.sign({
      iss: "supabase-demo",
      role: "service_role",
      exp,
    });
    expect(decodeProtectedHeader(serviceKey)).toMatchObject({ alg, kid });
    const anon = createClient(t.url, anonKey, { auth: { persistSession: false } });
    const signUp = await anon.auth.signUp({
      email: `key-${alg.toLowerCase()}@example.com`,
      password: "correct horse battery",
    });
    expect(signUp.error).toBeNull();
    const service = createClient(t.url, serviceKey, { auth: { persistSession: false } });
    const listed = await service.auth.admin.listUsers();
    expect(listed.error).toBeNull();
    expect(listed.data.users.map((u) => u.email)).toContain(`key-${alg.toLowerCase()}@example.com`);
    const rest = await fetch(`${t.url}/rest/v1/`, {
      headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` },
    });
    expect(rest.status).toBe(200);
    const { privateKey: otherKey } = await generateKeyPair(alg);
    const foreign = await new SignJWT({ role: "service_role", exp })
      .setProtectedHeader({ alg, kid: "someone-else" })
      .sign(otherKey);
    const refused = await fetch(`${t.url}/rest/v1/`, { headers: { apikey: foreign } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ message: "Invalid API key" });
  });

  it("gives users access tokens that verify against the published JWKS", async () => {
    const client = t.anonClient();
    const email = `keys-${alg.toLowerCase()}@example.com`;
    const { data, error } = await client.auth.signUp({
      email,
      password: "correct horse battery 9",
    });
    expect(error).toBeNull();
    const token = data.session?.access_token ?? "";
    expect(decodeProtectedHeader(token)).toMatchObject({ alg, kid });
    const jwks = createRemoteJWKSet(new URL(`${t.url}/auth/v1/.well-known/jwks.json`));
    const { payload } = await jwtVerify(token, jwks);
    expect(payload).toMatchObject({ email, role: "authenticated" });
    const claims = await client.auth.getClaims();
    expect(claims.error).toBeNull();
    expect(claims.data?.claims.email).toBe(email);
  });
});
