import type { JwtPayload } from "@supabase/supabase-js";

/**
 * The proxy verifies the access token once per request and hands the result to the server
 * components below in this request header, so nothing verifies it a second time. The proxy drops
 * any copy a browser sends, on every request, before it sets its own.
 */
export const CLAIMS_HEADER = "x-groundwork-claims";

const SIGNED_OUT = "-";

/** Header values are Latin-1; claims carry names in any script, hence the URI encoding. */
export function encodeClaims(claims: object | null): string {
  return claims ? encodeURIComponent(JSON.stringify(claims)) : SIGNED_OUT;
}

/** The proxy's verdict: claims, null for signed out, or undefined when it gave none. */
export function decodeClaims(value: string | null): JwtPayload | null | undefined {
  if (value === null) return undefined;
  if (value === SIGNED_OUT) return null;
  try {
    const claims: unknown = JSON.parse(decodeURIComponent(value));
    return claims && typeof claims === "object" ? (claims as JwtPayload) : undefined;
  } catch {
    return undefined;
  }
}
