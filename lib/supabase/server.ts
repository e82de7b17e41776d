import "server-only";

import { cache } from "react";
import { cookies, headers } from "next/headers";
import { createServerClient } from "@supabase/ssr";
import type { JwtPayload } from "@supabase/supabase-js";

import { authCookieOptions } from "@/lib/supabase/cookie-options";
import { supabaseEnv } from "@/lib/supabase/env";
import { CLAIMS_HEADER, decodeClaims } from "@/lib/supabase/request-claims";
import { sessionOwesMfaCode } from "@/lib/supabase/stored-session";
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
