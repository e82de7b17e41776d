import { createBrowserClient } from "@supabase/ssr";

import { authCookieOptions } from "@/lib/supabase/cookie-options";
import type { PublicSupabaseConfig } from "@/lib/supabase/env";
import type { Database } from "@/lib/supabase/database.types";

/**
 * The browser client. One per page (the library keeps a singleton), so every component shares
 * the same session, auto-refresh timer and cross-tab channel.
 */
export function createClient({ url, publishableKey }: PublicSupabaseConfig) {
  return createBrowserClient<Database>(url, publishableKey, { cookieOptions: authCookieOptions() });
}
