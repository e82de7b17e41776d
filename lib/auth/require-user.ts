import "server-only";

import { redirect } from "next/navigation";
import type { JwtPayload } from "@supabase/supabase-js";

import { MFA_PATH } from "@/lib/auth/routes";
import { signInHref } from "@/lib/auth/safe-next";
import { getClaims, owesMfaCode } from "@/lib/supabase/server";

/**
 * The second guard of a signed-in-only page (the proxy is the first): no user, or a user who
 * still owes an MFA code, never gets this page rendered.
 */
export async function requireUser(pathname: string): Promise<JwtPayload> {
  const claims = await getClaims();
  if (!claims) redirect(signInHref(pathname));
  if (await owesMfaCode()) redirect(`${MFA_PATH}?next=${encodeURIComponent(pathname)}`);
  return claims;
}
