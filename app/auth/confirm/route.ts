import { NextResponse, type NextRequest } from "next/server";

import {
  afterLink,
  errorPagePath,
  isEmailLinkType,
  isWellFormedTokenHash,
  linkNextPath,
} from "@/lib/auth/callback-outcome";
import { takeAttempt } from "@/lib/auth/attempt-limit";
import { clientAddress, UNKNOWN_CLIENT } from "@/lib/auth/client-address";
import { siteRedirectUrl } from "@/lib/auth/redirect-url";
import { createRouteClient } from "@/lib/supabase/route";

/**
 * Mail links that carry `token_hash` (Supabase's recommended templates for server-side auth):
 * verified here on the server, so they work in any browser, not only the one that asked.
 */
export async function GET(request: NextRequest) {
  const params = request.nextUrl.searchParams;
  const tokenHash = params.get("token_hash");
  const type = params.get("type");
  const next = linkNextPath(params.get("next"));
  const to = siteRedirectUrl;

  // A made-up link never reaches the auth server, so it cannot spend the budget all visitors share.
  if (!isWellFormedTokenHash(tokenHash) || !isEmailLinkType(type))
    return NextResponse.redirect(to(errorPagePath("invalid_link", next)));
  const client = clientAddress(request.headers);
  if (client !== UNKNOWN_CLIENT && takeAttempt("link-check", client) !== null)
    return NextResponse.redirect(to(errorPagePath("over_request_rate_limit", next)));

  const { supabase, applyTo } = createRouteClient(request);
  const { data, error } = await supabase.auth.verifyOtp({ type, token_hash: tokenHash });
  if (error)
    return applyTo(
      NextResponse.redirect(to(errorPagePath(error.code ?? "unexpected_failure", next))),
    );
  // The first of two email-change confirmations is accepted without a session.
  if (type === "email_change" && !data.session)
    return applyTo(NextResponse.redirect(to("/auth/error?code=email_change_pending")));
  return applyTo(NextResponse.redirect(to(afterLink(type, next))));
}
