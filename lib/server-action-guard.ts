import { siteUrl } from "@/lib/site-url";

/** Next.js's own limit for a server action body (serverActions.bodySizeLimit, 1 MB). */
const BODY_LIMIT = 1024 * 1024;

function refuse(status: number, message: string): Response {
  return Response.json({ error: message }, { status, headers: { "cache-control": "no-store" } });
}

/**
 * Checks a server-action request before the framework reads it: the framework answers a
 * cross-origin call or a body it cannot decode with a 500, so those get a 4xx here instead.
 * Anything that is not a server action (no `Next-Action` header) passes untouched.
 */
export async function refuseMalformedAction(request: Request): Promise<Response | null> {
  const actionId = request.headers.get("next-action");
  if (actionId === null) return null;
  if (request.method !== "POST") return refuse(405, "Server actions are called with POST.");
  if (!/^[0-9a-f]{2,128}$/i.test(actionId)) return refuse(404, "No such server action.");
  const site = new URL(siteUrl());
  const origin = request.headers.get("origin");
  // The framework compares Origin with X-Forwarded-Host (or Host) and fails hard on a mismatch.
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (origin !== site.origin || host !== site.host)
    return refuse(403, "Server actions may only be called from this site.");
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (!Number.isFinite(declared) || declared > BODY_LIMIT)
    return refuse(413, "The request body is too large.");
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  try {
    if (type.startsWith("multipart/form-data")) {
      // The arguments travel as a JSON array in field "0" (React's reply encoding).
      const args = (await request.clone().formData()).get("0");
      if (typeof args === "string" && !Array.isArray(JSON.parse(args))) throw new TypeError();
    } else if (type.startsWith("text/plain")) {
      const text = await request.clone().text();
      if (text.length > BODY_LIMIT) return refuse(413, "The request body is too large.");
      if (!Array.isArray(JSON.parse(text))) throw new TypeError();
    } else if (type.startsWith("application/x-www-form-urlencoded")) {
      await request.clone().formData();
    } else {
      return refuse(415, "A server action takes a form or JSON text.");
    }
  } catch {
    return refuse(400, "The request body could not be read.");
  }
  return null;
}
