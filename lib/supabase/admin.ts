import "server-only";

import { createClient } from "@supabase/supabase-js";

import { supabaseEnv } from "@/lib/supabase/env";
import type { Database } from "@/lib/supabase/database.types";

/**
 * Bypasses row level security: only for server code acting on its own authority (never on a
 * request's say-so). It keeps no session; the secret key is its only credential.
 */
export function createAdminClient() {
  const { url, secretKey } = supabaseEnv();
  return createClient<Database>(url, secretKey, {
    auth: { autoRefreshToken: false, persistSession: false, detectSessionInUrl: false },
  });
}
