import "server-only";

import { createClient } from "@supabase/supabase-js";

import type { AuthErrorLike } from "@/lib/auth/error-messages";
import { supabaseEnv } from "@/lib/supabase/env";

/**
 * Checks a current password the way Auth does, with a password grant for the person's own address
 * on a client that keeps nothing, and ends the session that grant opens. Null when it matches.
 * Auth checks it again itself where the project requires the current password.
 */
export async function checkCurrentPassword(
  email: string,
  password: string,
): Promise<AuthErrorLike | null> {
  const { url, publishableKey } = supabaseEnv();
  const probe = createClient(url, publishableKey, {
    auth: { autoRefreshToken: false, persistSession: false, detectSessionInUrl: false },
  });
  const { data, error } = await probe.auth.signInWithPassword({ email, password });
  if (error) return error;
  if (data.session) await probe.auth.signOut({ scope: "local" });
  return null;
}
