// Browsers call these functions from the app's origin: they answer preflight themselves.
export const corsHeaders = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Headers": "authorization, x-client-info, apikey, content-type",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  // The app reads the archive's name and size from a page on another origin.
  "Access-Control-Expose-Headers": "content-disposition, content-length",
};

export function preflight(): Response {
  return new Response("ok", { headers: corsHeaders });
}

export function problem(status: number, code: string, message: string): Response {
  return Response.json({ code, message }, { status, headers: corsHeaders });
}
