import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAK, nastyBody, nastyString, seeded, type Random } from "./support/fuzz";
import { signedInUser } from "./support/auth-support";
import { CALLBACK, newClient, startOAuthServerBackend } from "./support/oauth-server-support";
import { LOCAL_SECRET_KEY, type TestBackend } from "./support/local-backend";

const SEED = Number(process.env.FUZZ_SEED ?? 19);
const REQUESTS = 300;

const PATHS = [
  "/admin/oauth/clients",
  "/admin/oauth/clients/{id}",
  "/admin/oauth/clients/{id}/regenerate_secret",
  "/oauth/clients/register",
  "/oauth/token",
  "/oauth/authorize",
  "/oauth/authorizations/{id}",
  "/oauth/authorizations/{id}/consent",
  "/oauth/userinfo",
  "/user/oauth/grants",
  "/.well-known/oauth-authorization-server",
];
const FIELDS = [
  "redirect_uris",
  "client_type",
  "token_endpoint_auth_method",
  "grant_types",
  "client_name",
  "client_uri",
  "logo_uri",
  "grant_type",
  "code",
  "refresh_token",
  "redirect_uri",
  "client_id",
  "client_secret",
  "code_verifier",
  "resource",
  "action",
];

let t: TestBackend;
let ids: string[] = [];
let userToken = "";
beforeAll(async () => {
  t = await startOAuthServerBackend();
  const app = await newClient(t, "confidential");
  const user = await signedInUser(t);
  userToken = (await user.client.auth.getSession()).data.session!.access_token;
  ids = [app.client_id, `${app.client_id}:${app.client_secret}`];
});
afterAll(() => t?.stop());

const enc = (text: string) => encodeURIComponent(text.toWellFormed());

function target(r: Random): string {
  const path = r
    .pick(PATHS)
    .replace("{id}", () => r.pick([ids[0], "x", "%00", "..", enc(nastyString(r).slice(0, 40))]));
  const query = Array.from({ length: r.int(5) }, () => {
    const key = r.pick(["client_id", "redirect_uri", "scope", "code_challenge", "state", "page"]);
    const value = r.pick([
      ids[0],
      CALLBACK,
      "openid",
      "x".repeat(43),
      enc(nastyString(r).slice(0, 200)),
    ]);
    return `${key}=${value}`;
  });
  return `/auth/v1${path}${query.length ? `?${query.join("&")}` : ""}`;
}

function headers(r: Random): Record<string, string> {
  const h: Record<string, string> = {};
  const auth = r.int(5);
  if (auth === 0) h.authorization = `Bearer ${LOCAL_SECRET_KEY}`;
  if (auth === 1) h.authorization = `Bearer ${userToken}`;
  if (auth === 2)
    h.authorization = `Basic ${r.pick([Buffer.from(ids[1]).toString("base64"), "%%%", "Zm9v", ""])}`;
  h["content-type"] = r.pick([
    "application/json",
    "application/x-www-form-urlencoded",
    "text/plain",
  ]);
  if (r.next() < 0.3)
    h.origin = r.pick(["https://evil.example.com", "null", "http://127.0.0.1:3000"]);
  if (r.next() < 0.5) h["x-supabase-api-version"] = "2024-01-01";
  return h;
}

function body(r: Random): Buffer | null {
  if (r.next() < 0.3) {
    const form = new URLSearchParams();
    for (const field of FIELDS)
      if (r.next() < 0.4) form.set(field, r.pick([ids[0], "authorization_code", nastyString(r)]));
    return Buffer.from(form.toString());
  }
  return nastyBody(r, FIELDS);
}

describe(`bad input on the OAuth server's routes (seed ${SEED})`, () => {
  it("never answers 5xx and never leaks a stack trace", async () => {
    const r = seeded(SEED);
    const problems: string[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const method = r.pick(["GET", "POST", "PUT", "DELETE"]);
      const url = target(r);
      const payload = method === "GET" ? null : body(r);
      const res = await fetch(`${t.url}${url}`, {
        method,
        headers: headers(r),
        body: payload ? new Uint8Array(payload) : null,
        redirect: "manual",
      });
      const text = await res.text();
      if (res.status >= 500 || LEAK.test(text))
        problems.push(`${method} ${url.slice(0, 120)} -> ${res.status} ${text.slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
    // The server still works afterwards.
    expect((await fetch(`${t.url}/auth/v1/health`)).status).toBe(200);
  });
});
