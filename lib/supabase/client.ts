import { createBrowserClient } from "@supabase/ssr";

import { authCookieOptions } from "@/lib/supabase/cookie-options";
import type { PublicSupabaseConfig } from "@/lib/supabase/env";

/**
 * The browser client. One per page (the library keeps a singleton), so every component shares
 * the same session, auto-refresh timer and cross-tab channel.
 */
export function createClient({ url, publishableKey }: PublicSupabaseConfig) {
  return createBrowserClient(url, publishableKey, { cookieOptions: authCookieOptions() });
}
