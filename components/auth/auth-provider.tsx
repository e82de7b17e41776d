import { DeferredAuthListener } from "@/components/supabase/deferred";
import { SupabaseProvider } from "@/components/supabase/supabase-config";
import { publicSupabaseConfig } from "@/lib/supabase/env";
import { getClaims } from "@/lib/supabase/server";

/** Gives client components the browser client and starts the page's one auth-event listener. */
export async function AuthProvider({ children }: { children: React.ReactNode }) {
  const claims = await getClaims();
  return (
    <SupabaseProvider config={publicSupabaseConfig()}>
      <DeferredAuthListener serverUserId={claims?.sub ?? null} />
      {children}
    </SupabaseProvider>
  );
}
