import { NextResponse, type NextRequest } from "next/server";
import { createServerClient } from "@supabase/ssr";

import { needsMfaChallenge } from "@/lib/auth/aal";
import { isSignedInOnlyPath, MFA_PATH, REQUEST_PATH_HEADER } from "@/lib/auth/routes";
import { siteRedirectUrl } from "@/lib/auth/redirect-url";
import { signInHref } from "@/lib/auth/safe-next";
import { authCookieOptions } from "@/lib/supabase/cookie-options";
import { supabaseEnv } from "@/lib/supabase/env";
import { storedUserHasVerifiedFactor } from "@/lib/supabase/stored-session";
import type { Database } from "@/lib/supabase/database.types";

type CookieToSet = {
  name: string;
  value: string;
  options: Parameters<NextResponse["cookies"]["set"]>[2];
};

/**
 * Runs before every page: verifies the access token locally (no request to the auth server while
 * it is fresh), refreshes it when it is about to expire, and hands the new cookies both to the
 * server components of this request and to the browser. Signed-in-only pages are guarded here.
 */
export async function updateSession(request: NextRequest): Promise<NextResponse> {
  const written: CookieToSet[] = [];
  const cacheHeaders: Record<string, string> = {};
  const { url, publishableKey } = supabaseEnv();

  const supabase = createServerClient<Database>(url, publishableKey, {
    cookieOptions: authCookieOptions(),
    cookies: {
      getAll: () => request.cookies.getAll(),
      setAll(toSet, headers) {
        // The request's copy is what server components below will read.
        for (const { name, value } of toSet) request.cookies.set(name, value);
        written.push(...toSet);
        Object.assign(cacheHeaders, headers);
      },
    },
  });

  // Nothing may run between creating the client and this call: it is what refreshes the session.
  const { data } = await supabase.auth.getClaims();
  const claims = data?.claims ?? null;

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

  for (const { name, value, options } of written) response.cookies.set(name, value, options);
  // A response that sets auth cookies must never be stored by a shared cache.
  for (const [name, value] of Object.entries(cacheHeaders)) response.headers.set(name, value);
  return response;
}

function redirect(request: NextRequest, href: string): NextResponse {
  return NextResponse.redirect(siteRedirectUrl(href));
}
