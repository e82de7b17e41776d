import "server-only";

import { cache } from "react";
import { cookies, headers } from "next/headers";
import { createServerClient } from "@supabase/ssr";
import {
  createClient as createTokenClient,
  type JwtPayload,
  type SupabaseClient,
} from "@supabase/supabase-js";

import { authCookieOptions } from "@/lib/supabase/cookie-options";
import { supabaseEnv } from "@/lib/supabase/env";
import { CLAIMS_HEADER, decodeClaims } from "@/lib/supabase/request-claims";
import { sessionOwesMfaCode } from "@/lib/supabase/stored-session";
import { storedAccessToken } from "@/lib/supabase/verified-tokens";
import type { Database } from "@/lib/supabase/database.types";

/*
 * When to trust what:
 * - `auth.getClaims()` to read who the user is (rendering, guards). It verifies the access token's
 *   signature locally against the cached JWKS, so a fresh token costs no request to the auth server.
 * - `auth.getUser()` (a request to the auth server, which sees revoked sessions and deleted users)
 *   right before sensitive writes: email, password and MFA changes, signing out everywhere.
 * - Never `auth.getSession()` on the server to decide anything: the cookie it reads is not verified.
 */

/** A server client over this request's cookies, for server components and server actions. */
export async function createClient() {
  const cookieStore = await cookies();
  const { url, publishableKey } = supabaseEnv();
  return createServerClient<Database>(url, publishableKey, {
    cookieOptions: authCookieOptions(),
    cookies: {
      getAll: () => cookieStore.getAll(),
      setAll(toSet) {
        try {
          for (const { name, value, options } of toSet) cookieStore.set(name, value, options);
        } catch {
          // Server components cannot write cookies. The proxy has already refreshed the session
          // for this request, so there is nothing that needs writing here.
        }
      },
    },
  });
}

/**
 * The client a page reads the database with: one per request, carrying the access token the proxy
 * verified for this request (read from the cookie once, after any refresh the proxy made). It has
 * no auth client, so no query loads and decodes the stored session again on its way out; reads
 * only, never `supabase.auth`. Without a verified session it is the cookie client above.
 */
export const readClient = cache(async (): Promise<SupabaseClient<Database>> => {
  const [headerList, cookieStore] = await Promise.all([headers(), cookies()]);
  const claims = decodeClaims(headerList.get(CLAIMS_HEADER));
  const { url, publishableKey } = supabaseEnv();
  const token = claims
    ? await storedAccessToken(url, (name) => cookieStore.get(name)?.value)
    : null;
  if (!token) return createClient();
  return createTokenClient<Database>(url, publishableKey, { accessToken: async () => token });
});

/** The verified claims of the signed-in user, or null; verified once per request, by the proxy. */
export const getClaims = cache(async (): Promise<JwtPayload | null> => {
  const verified = decodeClaims((await headers()).get(CLAIMS_HEADER));
  if (verified !== undefined) return verified;
  const supabase = await createClient();
  const { data, error } = await supabase.auth.getClaims();
  if (error && error.name !== "AuthSessionMissingError") {
    console.error("Reading the session failed:", error.message);
  }
  return data?.claims ?? null;
});

/** Signed in with a password or email only, while the account has a verified authenticator. */
export const owesMfaCode = cache(async (): Promise<boolean> => {
  const cookieStore = await cookies();
  return sessionOwesMfaCode(
    await getClaims(),
    supabaseEnv().url,
    (name) => cookieStore.get(name)?.value,
  );
});
