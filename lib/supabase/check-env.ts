import { siteUrl, SiteUrlError } from "@/lib/site-url";
import { supabaseEnv, SupabaseEnvError } from "@/lib/supabase/env";

/** Start-up check: better to refuse to start than to serve pages that fail on every request. */
export function checkSupabaseEnvOrExit(): void {
  try {
    supabaseEnv();
    siteUrl();
  } catch (error) {
    if (!(error instanceof SupabaseEnvError) && !(error instanceof SiteUrlError)) throw error;
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
  if (process.env.NODE_ENV === "production" && !process.env["TRUSTED_PROXY_HEADER"]) {
    console.warn(
      "TRUSTED_PROXY_HEADER is not set: auth requests are not limited per client. " +
        "Set it to the header your proxy writes the client address into (see the README).",
    );
  }
}
