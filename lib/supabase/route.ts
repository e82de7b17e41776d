import "server-only";

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
 * A server client for route handlers that answer with a response of their own (redirects):
 * cookies and cache headers the client hands over are kept and written onto that response.
 */
export function createRouteClient(request: NextRequest) {
  const pending: PendingCookie[] = [];
  const headers: Record<string, string> = {};
  const { url, publishableKey } = supabaseEnv();
  const supabase = createServerClient<Database>(url, publishableKey, {
    cookieOptions: authCookieOptions(),
    cookies: {
      getAll: () => request.cookies.getAll(),
      setAll(toSet, cacheHeaders) {
        pending.push(...toSet);
        Object.assign(headers, cacheHeaders);
      },
    },
  });

  function applyTo<T extends NextResponse>(response: T): T {
    for (const { name, value, options } of pending) response.cookies.set(name, value, options);
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  }

  return { supabase, applyTo };
}
