import "server-only";

import { redirect } from "next/navigation";
import type { JwtPayload } from "@supabase/supabase-js";

import { needsMfaChallenge } from "@/lib/auth/aal";
import { MFA_PATH } from "@/lib/auth/routes";
import { signInHref } from "@/lib/auth/safe-next";
import { createClient, getClaims } from "@/lib/supabase/server";

/**
 * The second guard of a signed-in-only page (the proxy is the first): no user, or a user who
 * still owes an MFA code, never gets this page rendered.
 */
export async function requireUser(pathname: string): Promise<JwtPayload> {
  const claims = await getClaims();
  if (!claims) redirect(signInHref(pathname));
  if (claims.aal === "aal1") {
    const supabase = await createClient();
    const { data } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    if (data && needsMfaChallenge(data))
      redirect(`${MFA_PATH}?next=${encodeURIComponent(pathname)}`);
  }
  return claims;
}
