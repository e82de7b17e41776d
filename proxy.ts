import { type NextRequest } from "next/server";

import { updateSession } from "@/lib/supabase/middleware";

// Next.js 16 calls middleware "proxy"; this is the request middleware of DESIGN.md.
export async function proxy(request: NextRequest) {
  return updateSession(request);
}

export const config = {
  // Every page and route handler; not static assets, images or metadata files.
  matcher: [
    "/((?!_next/static|_next/image|favicon.ico|icon|apple-icon|robots.txt|sitemap.xml|.*\\.(?:svg|png|jpg|jpeg|gif|webp|ico|txt|xml)$).*)",
  ],
};
