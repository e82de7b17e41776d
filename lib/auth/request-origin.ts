import "server-only";

import { headers } from "next/headers";

/** This site's origin as the browser sees it, for links the auth server puts in mails. */
export async function requestOrigin(): Promise<string> {
  const h = await headers();
  const origin = h.get("origin");
  if (origin) return origin;
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "localhost:3000";
  const proto =
    h.get("x-forwarded-proto") ??
    (host.startsWith("localhost") || host.startsWith("127.") ? "http" : "https");
  return `${proto}://${host}`;
}

/** Where a mail link lands: the PKCE callback, then on to `next`. */
export async function callbackUrl(next: string): Promise<string> {
  return `${await requestOrigin()}/auth/callback?next=${encodeURIComponent(next)}`;
}
