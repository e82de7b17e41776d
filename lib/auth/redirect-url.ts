import type { NextRequest } from "next/server";

/**
 * An absolute URL on the host the browser used. Route handlers can see `localhost` in
 * `request.url` when the server was started on a bound address; cookies belong to the host the
 * browser asked for, so redirects must keep that one.
 */
export function urlOnRequestHost(request: NextRequest, path: string): URL {
  const url = new URL(path, request.url);
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (host) url.host = host;
  const proto = request.headers.get("x-forwarded-proto");
  if (proto === "http" || proto === "https") url.protocol = `${proto}:`;
  return url;
}
