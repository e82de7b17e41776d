// Browsers call these functions from the app's origin: they answer preflight themselves.
export const corsHeaders = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Headers": "authorization, x-client-info, apikey, content-type",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
};

export function preflight(): Response {
  return new Response("ok", { headers: corsHeaders });
}

export function problem(status: number, code: string, message: string): Response {
  return Response.json({ code, message }, { status, headers: corsHeaders });
}
