import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { SignJWT } from "jose";
import { LOCAL_JWT_SECRET } from "@groundwork/local-backend/keys";
import {
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  startTestBackend,
  type TestBackend,
} from "./local-backend";

export const ALICE = "11111111-1111-1111-1111-111111111111";
export const BOB = "22222222-2222-2222-2222-222222222222";

/** The database API fixture: notes, comments, labels, messages, functions, RLS on every table. */
export const REST_FIXTURE = path.join(import.meta.dirname, "..", "fixtures", "rest");

export function startRestBackend(): Promise<TestBackend> {
  return startTestBackend({ supabaseDir: REST_FIXTURE });
}

/** Authors and books with computed relationships, overloaded and whole-body functions. */
export function startFidelityBackend(): Promise<TestBackend> {
  return startTestBackend({
    supabaseDir: path.join(import.meta.dirname, "..", "fixtures", "rest-fidelity"),
  });
}

/** A signed-in user's claims for an hour from now. */
function userClaims(sub: string, extra: Record<string, unknown>): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return { sub, role: "authenticated", aud: "authenticated", iat: now, exp: now + 3600, ...extra };
}

/** supabase-js with no session: `token` (when given) goes in Authorization, as a signed-in client sends it. */
export function client(
  t: TestBackend,
  key: string = LOCAL_PUBLISHABLE_KEY,
  token?: string,
): SupabaseClient {
  return createClient(t.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: token ? { headers: { Authorization: `Bearer ${token}` } } : undefined,
  });
}

export function userToken(
  t: TestBackend,
  sub: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  return t.backend.keys.sign(userClaims(sub, extra));
}

/** A token signed with the legacy shared JWT secret, as projects on the old keys still issue. */
export function legacyToken(sub: string, extra: Record<string, unknown> = {}): Promise<string> {
  return new SignJWT(userClaims(sub, extra))
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .sign(new TextEncoder().encode(LOCAL_JWT_SECRET));
}

export interface Clients {
  anon: SupabaseClient;
  alice: SupabaseClient;
  bob: SupabaseClient;
  service: SupabaseClient;
}

export async function clients(t: TestBackend): Promise<Clients> {
  return {
    anon: client(t),
    alice: client(t, LOCAL_PUBLISHABLE_KEY, await userToken(t, ALICE)),
    bob: client(t, LOCAL_PUBLISHABLE_KEY, await legacyToken(BOB)),
    service: client(t, LOCAL_SECRET_KEY),
  };
}

/** A raw request to /rest/v1 with the service key unless headers say otherwise. */
export function rest(
  t: TestBackend,
  pathAndQuery: string,
  init: RequestInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has("apikey")) headers.set("apikey", LOCAL_SECRET_KEY);
  return fetch(`${t.url}/rest/v1${pathAndQuery}`, { ...init, headers });
}
