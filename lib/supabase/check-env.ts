import { supabaseEnv, SupabaseEnvError } from "@/lib/supabase/env";

/** Start-up check: better to refuse to start than to serve pages that fail on every request. */
export function checkSupabaseEnvOrExit(): void {
  try {
    supabaseEnv();
  } catch (error) {
    if (!(error instanceof SupabaseEnvError)) throw error;
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
}
