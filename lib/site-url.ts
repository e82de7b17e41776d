/**
 * The site's own public URL, from configuration only. Request headers (Host, X-Forwarded-Host,
 * Origin) are written by whoever sends the request, so no link, mail or redirect is built on them.
 */

/** `next dev`/`next start` on this machine, where the local backend's site_url also points. */
export const LOCAL_SITE_URL = "http://127.0.0.1:3000";

export class SiteUrlError extends Error {
  override name = "SiteUrlError";
}

type Source = Record<string, string | undefined>;

/** SITE_URL, or the local default outside production (and with GROUNDWORK_LOCAL=1). */
export function parseSiteUrl(source: Source): string {
  const production = source.NODE_ENV === "production" && source.GROUNDWORK_LOCAL !== "1";
  // Read by computed name so the value is taken at run time, not frozen into the build.
  const name = "SITE_URL";
  const raw = source[name]?.trim() || (production ? "" : LOCAL_SITE_URL);
  if (!raw)
    throw new SiteUrlError(
      "Missing SITE_URL: set it to the address people open the site at, e.g. https://notes.example.com.",
    );
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SiteUrlError(`Invalid SITE_URL: "${raw}" is not a URL.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new SiteUrlError(`Invalid SITE_URL: "${raw}" must be an http(s) URL.`);
  return url.origin;
}

let cached: string | null = null;

export function siteUrl(): string {
  cached ??= parseSiteUrl(process.env);
  return cached;
}

/** An absolute URL on the site for a path that starts with "/". */
export function siteUrlFor(path: string): URL {
  const safePath = path.startsWith("/") && !path.startsWith("//") ? path : "/";
  return new URL(safePath, siteUrl());
}
