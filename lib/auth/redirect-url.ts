import { siteUrlFor } from "@/lib/site-url";

/**
 * An absolute URL for a redirect, always on the configured site URL: never on the Host or
 * X-Forwarded-Host a request claims, which any client can set.
 */
export function siteRedirectUrl(path: string): URL {
  return siteUrlFor(path);
}
