import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import { expect } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { adminClient } from "./auth-support";
import { startTestBackend, type TestBackend } from "./local-backend";

export const CALLBACK = "https://client.example.com/callback";

/** A backend whose config.toml enables the OAuth server (and dynamic registration). */
export function startOAuthServerBackend(env: Record<string, string> = {}): Promise<TestBackend> {
  return startTestBackend({
    supabaseDir: path.join(import.meta.dirname, "..", "fixtures", "oauth-server"),
    env: { ...process.env, ...env },
  });
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export async function newClient(
  t: TestBackend,
  type: "public" | "confidential",
): Promise<{ client_id: string; client_secret?: string }> {
  const { data, error } = await adminClient(t).auth.admin.oauth.createClient({
    client_name: `${type} app`,
    redirect_uris: [CALLBACK],
    ...(type === "public" ? { token_endpoint_auth_method: "none" as const } : {}),
  });
  expect(error).toBeNull();
  return data!;
}

/** GET /oauth/authorize as the third-party app's link; answers the 302's Location. */
export async function authorize(t: TestBackend, params: Record<string, string>): Promise<URL> {
  const url = new URL(`${t.url}/auth/v1/oauth/authorize`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const res = await fetch(url, { redirect: "manual" });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location")!);
}

/** POST /oauth/token with a form body, as OAuth clients send it. */
export async function token(
  t: TestBackend,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${t.url}/auth/v1/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, body: await res.json() };
}

export function basic(id: string, secret: string): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}` };
}

export function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split(".")[1], "base64url").toString());
}

/**
 * The whole front half of the flow: the app sends the browser to /oauth/authorize, the consent
 * page reads the request and the signed-in user approves it; answers the code the app receives.
 */
export async function approvedCode(
  t: TestBackend,
  user: SupabaseClient,
  clientId: string,
  challenge: string,
  scope = "openid email profile",
): Promise<string> {
  const consentPage = await authorize(t, {
    client_id: clientId,
    redirect_uri: CALLBACK,
    response_type: "code",
    scope,
    state: "xyz",
    code_challenge: challenge,
    code_challenge_method: "S256",
  });
  const id = consentPage.searchParams.get("authorization_id")!;
  const details = await user.auth.oauth.getAuthorizationDetails(id);
  expect(details.error).toBeNull();
  let redirect: string;
  if (details.data && "redirect_url" in details.data) {
    redirect = details.data.redirect_url;
  } else {
    const approved = await user.auth.oauth.approveAuthorization(id);
    expect(approved.error).toBeNull();
    redirect = approved.data!.redirect_url;
  }
  const back = new URL(redirect);
  expect(back.searchParams.get("state")).toBe("xyz");
  return back.searchParams.get("code")!;
}
