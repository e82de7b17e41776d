import { createClient, type SupabaseClient } from "npm:@supabase/supabase-js@2";

const url = Deno.env.get("SUPABASE_URL")!;
// Hosted projects provide their API keys as JSON maps by name; older ones only the JWT keys.
function key(map: string, single: string, legacy: string): string {
  try {
    const named = JSON.parse(Deno.env.get(map) ?? "{}") as Record<string, string>;
    if (named.default) return named.default;
  } catch {
    // Fall through to the single-key variables.
  }
  return Deno.env.get(single) ?? Deno.env.get(legacy)!;
}

const publicKey = key("SUPABASE_PUBLISHABLE_KEYS", "SUPABASE_PUBLISHABLE_KEY", "SUPABASE_ANON_KEY");
const secretKey = key("SUPABASE_SECRET_KEYS", "SUPABASE_SECRET_KEY", "SUPABASE_SERVICE_ROLE_KEY");

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

/** The caller's bearer token, or null when the request carries none. */
export function bearerToken(req: Request): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization") ?? "");
  return m && !m[1].startsWith("sb_") ? m[1] : null;
}

/** A client that acts as the caller, so row level security decides what it reaches. */
export function clientAs(token: string): SupabaseClient {
  return createClient(url, publicKey, {
    auth: noSession,
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

/** A client with the secret key: bypasses row level security; server-side only. */
export function adminClient(): SupabaseClient {
  return createClient(url, secretKey, { auth: noSession });
}

export const projectUrl = url;
export const projectKey = publicKey;

/**
 * A table or bucket that this deployment does not have yet is nothing to export or delete:
 * PostgREST's "not in the schema cache", Postgres' undefined table, storage's unknown bucket.
 */
export function isMissing(error: { code?: string; message?: string; status?: number } | null) {
  if (!error) return false;
  if (error.code === "PGRST205" || error.code === "42P01") return true;
  return /not found|no Route matched/i.test(error.message ?? "");
}
