import { type NextRequest } from "next/server";

import { refuseMalformedAction } from "@/lib/server-action-guard";
import { updateSession } from "@/lib/supabase/middleware";

/**
 * Refreshes the Supabase session cookie on every request and guards signed-in-only pages.
 * Next.js 16 names this file `proxy.ts`; this project keeps `middleware.ts`, which Next 16 still
 * runs, on the Edge runtime.
 */
export async function middleware(request: NextRequest) {
  return (await refuseMalformedAction(request)) ?? updateSession(request);
}

export const config = {
  // Every page and route handler; not static assets, images or metadata files.
  matcher: [
    "/((?!_next/static|_next/image|favicon.ico|icon|apple-icon|robots.txt|sitemap.xml|.*\\.(?:svg|png|jpg|jpeg|gif|webp|ico|txt|xml)$).*)",
  ],
};
