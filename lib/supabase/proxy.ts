import { NextResponse, type NextRequest } from "next/server";
import { createServerClient } from "@supabase/ssr";

import { needsMfaChallenge } from "@/lib/auth/aal";
import { isSignedInOnlyPath, MFA_PATH, REQUEST_PATH_HEADER } from "@/lib/auth/routes";
import { siteRedirectUrl } from "@/lib/auth/redirect-url";
import { signInHref } from "@/lib/auth/safe-next";
import { authCookieOptions } from "@/lib/supabase/cookie-options";
import { supabaseEnv } from "@/lib/supabase/env";
import { CLAIMS_HEADER, encodeClaims } from "@/lib/supabase/request-claims";
import { authStorageKey, storedUserHasVerifiedFactor } from "@/lib/supabase/stored-session";
import {
  recallVerified,
  rememberVerified,
  storedAccessToken,
} from "@/lib/supabase/verified-tokens";
import type { Database } from "@/lib/supabase/database.types";

type CookieToSet = {
  name: string;
  value: string;
  options: Parameters<NextResponse["cookies"]["set"]>[2];
};

type Written = { cookies: CookieToSet[]; headers: Record<string, string> };

/**
 * Runs before every page: verifies the access token locally (no request to the auth server while
 * it is fresh), refreshes it when it is about to expire, and hands the new cookies both to the
 * server components of this request and to the browser. Signed-in-only pages are guarded here.
 * The verified claims travel on to the server components, which need not verify them again.
 */
export async function updateSession(request: NextRequest): Promise<NextResponse> {
  const written: Written = { cookies: [], headers: {} };
  const { url, publishableKey } = supabaseEnv();
  // Without an auth cookie there is no session to verify or refresh, so no client is needed.
  const key = authStorageKey(url);
  const claims = request.cookies.getAll().some(({ name }) => name.startsWith(key))
    ? await verifiedClaims(request, url, publishableKey, written)
    : null;
  request.headers.set(CLAIMS_HEADER, encodeClaims(claims));

  const { pathname, search } = request.nextUrl;
  // Server components cannot see the URL; the header's sign-in link needs it to bring people back.
  request.headers.set(REQUEST_PATH_HEADER, pathname + search);
  let response: NextResponse = NextResponse.next({ request });
  if (isSignedInOnlyPath(pathname)) {
    if (!claims) {
      response = redirect(request, signInHref(pathname + search));
    } else if (claims.aal === "aal1") {
      // Only an aal1 session can owe a code. Local: the factors come from the session cookie.
      const hasFactor = await storedUserHasVerifiedFactor(
        url,
        (name) => request.cookies.get(name)?.value,
      );
      if (needsMfaChallenge({ currentLevel: claims.aal, nextLevel: hasFactor ? "aal2" : "aal1" })) {
        response = redirect(request, `${MFA_PATH}?next=${encodeURIComponent(pathname + search)}`);
      }
    }
  }

  for (const { name, value, options } of written.cookies)
    response.cookies.set(name, value, options);
  // A response that sets auth cookies must never be stored by a shared cache.
  for (const [name, value] of Object.entries(written.headers)) response.headers.set(name, value);
  return response;
}

/** The session's verified claims (refreshed first when due), or null. */
async function verifiedClaims(
  request: NextRequest,
  url: string,
  publishableKey: string,
  written: Written,
) {
  const readCookie = (name: string) => request.cookies.get(name)?.value;
  const token = await storedAccessToken(url, readCookie);
  const known = token ? recallVerified(token) : null;
  if (known) return known;

  const supabase = createServerClient<Database>(url, publishableKey, {
    cookieOptions: authCookieOptions(),
    cookies: {
      getAll: () => request.cookies.getAll(),
      setAll(toSet, headers) {
        // The request's copy is what server components below will read.
        for (const { name, value } of toSet) request.cookies.set(name, value);
        written.cookies.push(...toSet);
        Object.assign(written.headers, headers);
      },
    },
  });
  // Nothing may run between creating the client and this call: it is what refreshes the session.
  const { data } = await supabase.auth.getClaims();
  const claims = data?.claims ?? null;
  // The token now in the cookies (a refresh replaced it) is the one these claims belong to.
  const current = claims ? await storedAccessToken(url, readCookie) : null;
  if (claims && current) rememberVerified(current, claims);
  return claims;
}

function redirect(request: NextRequest, href: string): NextResponse {
  return NextResponse.redirect(siteRedirectUrl(href));
}
