import { NextResponse, type NextRequest } from "next/server";
import type { JwtPayload } from "@supabase/supabase-js";

import { isSignedInOnlyPath, MFA_PATH, REQUEST_PATH_HEADER } from "@/lib/auth/routes";
import { siteRedirectUrl } from "@/lib/auth/redirect-url";
import { signInHref } from "@/lib/auth/safe-next";
import { supabaseEnv } from "@/lib/supabase/env";
import { CLAIMS_HEADER, encodeClaims } from "@/lib/supabase/request-claims";
import { createRouteClient } from "@/lib/supabase/route";
import { authStorageKey, sessionOwesMfaCode } from "@/lib/supabase/stored-session";
import {
  recallVerified,
  rememberVerified,
  storedAccessToken,
} from "@/lib/supabase/verified-tokens";

/** Writes onto the response what refreshing the session handed over; nothing when no client ran. */
type ApplyCookies = <T extends NextResponse>(response: T) => T;
const nothingToWrite: ApplyCookies = (response) => response;

/**
 * Runs before every page, from proxy.ts: verifies the access token locally (no request to the auth
 * server while it is fresh), refreshes it when it is about to expire, and hands the new cookies both
 * to the server components of this request and to the browser. Signed-in-only pages are guarded
 * here. The verified claims travel on to the server components, which need not verify them again.
 */
export async function updateSession(request: NextRequest): Promise<NextResponse> {
  const { url } = supabaseEnv();
  const readCookie = (name: string) => request.cookies.get(name)?.value;
  // Without an auth cookie there is no session to verify or refresh, so no client is needed.
  const key = authStorageKey(url);
  const { claims, applyTo } = request.cookies.getAll().some(({ name }) => name.startsWith(key))
    ? await verifiedClaims(request, url, readCookie)
    : { claims: null, applyTo: nothingToWrite };
  request.headers.set(CLAIMS_HEADER, encodeClaims(claims));

  const { pathname, search } = request.nextUrl;
  // Server components cannot see the URL; the header's sign-in link needs it to bring people back.
  request.headers.set(REQUEST_PATH_HEADER, pathname + search);
  let response: NextResponse = NextResponse.next({ request });
  if (isSignedInOnlyPath(pathname)) {
    if (!claims) {
      response = redirect(signInHref(pathname + search));
    } else if (await sessionOwesMfaCode(claims, url, readCookie)) {
      // Local: the factors come from the session cookie.
      response = redirect(`${MFA_PATH}?next=${encodeURIComponent(pathname + search)}`);
    }
  }
  return applyTo(response);
}

/** The session's verified claims (refreshed first when due), or null. */
async function verifiedClaims(
  request: NextRequest,
  url: string,
  readCookie: (name: string) => string | undefined,
): Promise<{ claims: JwtPayload | null; applyTo: ApplyCookies }> {
  const token = await storedAccessToken(url, readCookie);
  const known = token ? recallVerified(token) : null;
  if (known) return { claims: known, applyTo: nothingToWrite };

  // The request's copy of new cookies is what server components below will read.
  const { supabase, applyTo } = createRouteClient(request, { forwardToRequest: true });
  // Nothing may run between creating the client and this call: it is what refreshes the session.
  const { data } = await supabase.auth.getClaims();
  const claims = data?.claims ?? null;
  // The token now in the cookies (a refresh replaced it) is the one these claims belong to.
  const current = claims ? await storedAccessToken(url, readCookie) : null;
  if (claims && current) rememberVerified(current, claims);
  return { claims, applyTo };
}

function redirect(href: string): NextResponse {
  return NextResponse.redirect(siteRedirectUrl(href));
}
