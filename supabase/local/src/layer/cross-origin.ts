/** What the CLI's API gateway answers browsers with for the APIs supabase-js calls from a page. */
export const CORS_HEADERS: Record<string, string> = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
  "access-control-allow-headers":
    "authorization, x-client-info, apikey, content-type, content-profile, accept-profile, prefer, range, range-unit, x-upsert, x-supabase-api-version, cache-control, x-retry-count",
  "access-control-expose-headers":
    "content-range, content-location, location, x-total-count, x-supabase-api-version",
  "access-control-max-age": "3600",
};

const LOOPBACK_NAMES = new Set(["127.0.0.1", "localhost", "[::1]"]);

function hostName(host: string): string {
  return host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.split(":")[0];
}

/**
 * Why a request to a same-origin-only service (the inbox, SQL over HTTP) is refused, or null. A
 * page on another origin must not read local mail or run SQL: requests it makes carry an `Origin`
 * (or a `Sec-Fetch-Site` other than same-origin), while a person opening the inbox from a link is a
 * navigation. A Host that is not this backend's own name is a page reaching it through a DNS name
 * that points at the loopback address.
 */
export function crossOriginRefusal(req: Request, listenHost: string): string | null {
  const host = req.headers.get("host") ?? "";
  const name = hostName(host).toLowerCase();
  if (!LOOPBACK_NAMES.has(name) && name !== listenHost.toLowerCase()) {
    return "this service answers only requests addressed to the backend's own host";
  }
  const origin = req.headers.get("origin");
  if (origin !== null && origin !== `http://${host}`) {
    return "cross-origin requests are not allowed here";
  }
  const site = req.headers.get("sec-fetch-site");
  const navigation = req.headers.get("sec-fetch-mode") === "navigate";
  if (site && site !== "same-origin" && site !== "none" && !navigation) {
    return "cross-origin requests are not allowed here";
  }
  if (req.method === "OPTIONS") return "cross-origin requests are not allowed here";
  return null;
}
