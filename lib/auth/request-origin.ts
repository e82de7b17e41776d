import "server-only";

import { siteUrlFor } from "@/lib/site-url";

/** Where a mail link lands: the PKCE callback on the configured site, then on to `next`. */
export function callbackUrl(next: string): string {
  return siteUrlFor(`/auth/callback?next=${encodeURIComponent(next)}`).toString();
}
