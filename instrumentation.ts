/** Runs once when a server starts: a production server without its Supabase settings stops here. */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { checkSupabaseEnvOrExit } = await import("@/lib/supabase/check-env");
    checkSupabaseEnvOrExit();
  }
}
