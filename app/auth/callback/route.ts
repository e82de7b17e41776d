import { NextResponse, type NextRequest } from "next/server";

import { errorPagePath, linkErrorCode } from "@/lib/auth/callback-outcome";
import { safeNextPath } from "@/lib/auth/safe-next";
import { siteRedirectUrl } from "@/lib/auth/redirect-url";
import { createRouteClient } from "@/lib/supabase/route";

/**
 * Mail links (PKCE): the auth server verified the link and sends `?code=`, which only the
 * browser that asked for the mail can exchange (it holds the code verifier cookie).
 */
export async function GET(request: NextRequest) {
  const params = request.nextUrl.searchParams;
  const next = safeNextPath(params.get("next"));
  const to = siteRedirectUrl;

  const failed = linkErrorCode(params);
  if (failed) return NextResponse.redirect(to(errorPagePath(failed, next)));

  const code = params.get("code");
  if (!code) {
    // The first of two email-change confirmations lands here with a message and no code.
    if (params.get("message"))
      return NextResponse.redirect(to(`/auth/error?code=email_change_pending`));
    return NextResponse.redirect(to(errorPagePath("missing_code", next)));
  }

  const { supabase, applyTo } = createRouteClient(request);
  const { error } = await supabase.auth.exchangeCodeForSession(code);
  if (error) {
    console.error(
      `${request.nextUrl.pathname}: code exchange failed:`,
      error.code ?? error.message,
    );
    return applyTo(
      NextResponse.redirect(to(errorPagePath(error.code ?? "unexpected_failure", next))),
    );
  }
  return applyTo(NextResponse.redirect(to(next)));
}
