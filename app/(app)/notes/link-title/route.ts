import { NextResponse, type NextRequest } from "next/server";

import { fetchPageTitle } from "@/lib/links/page-title";
import { getClaims } from "@/lib/supabase/server";

export const dynamic = "force-dynamic";

const answer = (status: number, body: object) =>
  NextResponse.json(body, { status, headers: { "Cache-Control": "no-store" } });

/**
 * `GET ?url=`: the title of the page a pasted link points at, `{ title }`, for a signed-in person on
 * this site only. Refusals say why (`{ error }`) and the editor keeps the bare URL.
 * LINK_TITLE_ALLOWED_ORIGINS lists origins read even on a private address (the test pages).
 */
export async function GET(request: NextRequest) {
  if (request.headers.get("sec-fetch-site") === "cross-site")
    return answer(403, { error: "Link titles are fetched for this site only." });
  const claims = await getClaims();
  if (!claims?.sub) return answer(401, { error: "Your session has ended. Sign in again." });
  const url = request.nextUrl.searchParams.get("url");
  if (!url || url.length > 2048) return answer(400, { error: "Send the link as ?url=." });
  const allowedOrigins = (process.env.LINK_TITLE_ALLOWED_ORIGINS ?? "")
    .split(",")
    .map((origin) => origin.trim())
    .filter(Boolean);
  const outcome = await fetchPageTitle(url, { allowedOrigins });
  if (!outcome.ok) return answer(outcome.status, { error: outcome.message });
  return answer(200, { title: outcome.title });
}
