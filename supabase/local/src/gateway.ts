/**
 * The API gateway's first check on /rest/v1 and /storage/v1: a request that names no project key
 * at all (no `apikey` header or url parameter, no Authorization) is refused before any service
 * sees it, in the gateway's words, so code that forgets the key fails here as it does on hosted
 * Supabase instead of quietly running as anon.
 */
export function missingApiKey(headers: Headers, query: URLSearchParams): Response | null {
  if (headers.get("apikey") || query.get("apikey") || headers.get("authorization")) return null;
  return Response.json(
    {
      message: "No API key found in request",
      hint: "No `apikey` request header or url param was found.",
    },
    { status: 401 },
  );
}
