import { type NextRequest, type NextResponse } from "next/server";
import { createServerClient } from "@supabase/ssr";

import { authCookieOptions } from "@/lib/supabase/cookie-options";
import { supabaseEnv } from "@/lib/supabase/env";
import type { Database } from "@/lib/supabase/database.types";

type PendingCookie = {
  name: string;
  value: string;
  options: Parameters<NextResponse["cookies"]["set"]>[2];
};

/**
 * A server client for code that answers with a response of its own (route handlers' redirects, the
 * proxy): cookies and cache headers the client hands over are kept and written onto that response.
 * With `forwardToRequest`, new cookies also go on the request, which is what the server components
 * below the proxy read. No "server-only" here: the proxy is bundled apart from the server components.
 */
export function createRouteClient(request: NextRequest, { forwardToRequest = false } = {}) {
  const pending: PendingCookie[] = [];
  const headers: Record<string, string> = {};
  const { url, publishableKey } = supabaseEnv();
  const supabase = createServerClient<Database>(url, publishableKey, {
    cookieOptions: authCookieOptions(),
    cookies: {
      getAll: () => request.cookies.getAll(),
      setAll(toSet, cacheHeaders) {
        if (forwardToRequest) for (const { name, value } of toSet) request.cookies.set(name, value);
        pending.push(...toSet);
        Object.assign(headers, cacheHeaders);
      },
    },
  });

  /** Writes what the client handed over; a response that sets auth cookies is never cached. */
  function applyTo<T extends NextResponse>(response: T): T {
    for (const { name, value, options } of pending) response.cookies.set(name, value, options);
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  }

  return { supabase, applyTo };
}
