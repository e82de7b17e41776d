/** True when a request names no project key at all: no `apikey` header or url parameter, no Authorization. */
export function namesNoKey(headers: Headers, query: URLSearchParams): boolean {
  return !(headers.get("apikey") || query.get("apikey") || headers.get("authorization"));
}

/**
 * The API gateway's first check on /rest/v1 and /storage/v1. Hosted Supabase's gateway refuses a
 * request that names no key before any service sees it; the CLI's Kong (supabase/cli
 * internal/start/templates/kong.yml, whose request-transformer only copies a key that is there)
 * passes it on without Authorization, so PostgREST runs it as anon. `required` (the
 * SUPABASE_LOCAL_REQUIRE_API_KEY setting) chooses hosted's answer, so code that forgets the key
 * fails here rather than on deploy.
 */
export function missingApiKey(
  headers: Headers,
  query: URLSearchParams,
  required: boolean,
): Response | null {
  if (!required || !namesNoKey(headers, query)) return null;
  return Response.json(
    {
      message: "No API key found in request",
      hint: "No `apikey` request header or url param was found.",
    },
    { status: 401 },
  );
}
