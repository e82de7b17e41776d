/** Runs once when a server starts: a production server without its Supabase settings stops here. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { supabaseEnv, SupabaseEnvError } = await import("@/lib/supabase/env");
  try {
    supabaseEnv();
  } catch (error) {
    if (!(error instanceof SupabaseEnvError)) throw error;
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
}
