import { NextResponse, type NextRequest } from "next/server";

import { refuseMalformedAction } from "@/lib/server-action-guard";
import { supabaseEnv } from "@/lib/supabase/env";
import { CLAIMS_HEADER, encodeClaims } from "@/lib/supabase/request-claims";
import { authStorageKey } from "@/lib/supabase/stored-session";
import { updateSession } from "@/lib/supabase/proxy";
import { createNonce, NONCE_HEADER, securityHeaders } from "@/lib/security/headers";
import { KEPT_PAGE_HEADER, KEPT_PAGE_NONCE, keptPageFor } from "@/lib/security/kept-page";
import { refuseMalformedRequest } from "@/lib/security/malformed-request";

/** Built files, icons and public files: they get the security headers but no session work. */
const STATIC_FILE =
  /^\/(?:_next\/(?:static|image)\/|favicon\.ico$|icon|apple-icon|robots\.txt$|sitemap\.xml$|manifest\.webmanifest$)|\.(?:svg|png|jpg|jpeg|gif|webp|ico|txt|xml|css|js|map|woff2?)$/;

const SHARED_NOTE = /^\/n\//;

/**
 * The one place the security headers are set, for every response the app sends: pages, route
 * handlers, redirects, errors and 404s. It also refreshes the Supabase session cookie and guards
 * signed-in-only pages. Next 16 runs a proxy on the Node.js runtime, in the server's own process:
 * no sandbox to enter per request, as the Edge runtime's middleware had.
 */
export async function proxy(request: NextRequest) {
  // Only this proxy may tell the pages who is signed in; a browser's copy of the header is dropped.
  request.headers.delete(CLAIMS_HEADER);
  request.headers.delete(KEPT_PAGE_HEADER);
  const { url: supabaseUrl } = supabaseEnv();
  // A signed-out visitor with no theme of their own gets the kept home page, with its build nonce.
  const kept = keptPageFor(
    request.nextUrl.pathname,
    request.method,
    request.cookies.getAll(),
    authStorageKey(supabaseUrl),
  );
  const nonce = kept ? KEPT_PAGE_NONCE : createNonce();
  const headers = securityHeaders({
    nonce,
    supabaseUrl,
    dev: process.env.NODE_ENV === "development",
    https: isHttps(request),
  });
  // Next reads the nonce from the request's policy and puts it on every inline script it renders.
  request.headers.set("Content-Security-Policy", headers["Content-Security-Policy"]);
  request.headers.set(NONCE_HEADER, nonce);

  // A malformed server-action call, address or method is refused before the framework fails on it.
  const response =
    refuseMalformedRequest(request, request.nextUrl.pathname) ??
    (await refuseMalformedAction(request)) ??
    (kept
      ? keptPage(request, kept)
      : STATIC_FILE.test(request.nextUrl.pathname)
        ? NextResponse.next({ request })
        : await updateSession(request));
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  // A shared note must vanish the moment its link is turned off: no cache may keep a copy.
  if (SHARED_NOTE.test(request.nextUrl.pathname)) {
    response.headers.set("Cache-Control", "private, no-store");
  } else if (kept) {
    // One address, two pages: no shared cache may hand the kept one to a signed-in person.
    response.headers.set("Cache-Control", "private, no-cache");
  }
  return response;
}

/**
 * The kept copy, for a visitor the proxy found signed out (no auth cookie: nothing to refresh). The
 * mark lets next.config.ts's rewrite serve it (lib/security/kept-pages.ts says why not here).
 */
function keptPage(request: NextRequest, path: string): NextResponse {
  request.headers.set(CLAIMS_HEADER, encodeClaims(null));
  request.headers.set(KEPT_PAGE_HEADER, path);
  return NextResponse.next({ request });
}

function isHttps(request: NextRequest): boolean {
  // Behind a proxy that ends TLS, the proxy says what the browser used.
  const forwarded = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  return (forwarded ?? request.nextUrl.protocol.replace(/:$/, "")) === "https";
}

export const config = {
  matcher: ["/:path*"],
};
