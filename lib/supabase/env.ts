import { z } from "zod";

/**
 * Supabase configuration, read when the server needs it rather than inlined at build time, so a
 * single production build can be pointed at any backend. Only the URL and the publishable key are
 * ever handed to the browser (see `publicSupabaseConfig`).
 */

/** The Supabase CLI's well-known local values; they only ever work against a local stack. */
export const LOCAL_SUPABASE = {
  NEXT_PUBLIC_SUPABASE_URL: "http://127.0.0.1:54321",
  NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: "sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH",
  SUPABASE_SECRET_KEY: "sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz",
} as const;

const NAMES = Object.keys(LOCAL_SUPABASE) as (keyof typeof LOCAL_SUPABASE)[];

const schema = z.object({
  NEXT_PUBLIC_SUPABASE_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }),
  NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: z.string().min(1, "must not be empty"),
  SUPABASE_SECRET_KEY: z.string().min(1, "must not be empty"),
});

export type SupabaseEnv = {
  url: string;
  publishableKey: string;
  secretKey: string;
};

export type PublicSupabaseConfig = Pick<SupabaseEnv, "url" | "publishableKey">;

export class SupabaseEnvError extends Error {
  override name = "SupabaseEnvError";
}

type Source = Record<string, string | undefined>;

/**
 * Development and tests fall back to the local backend; a production server must be told where its
 * project is, and stops naming every missing or malformed variable.
 */
export function parseSupabaseEnv(source: Source): SupabaseEnv {
  const production = source.NODE_ENV === "production" && source.GROUNDWORK_LOCAL !== "1";
  // Read by computed name: a literal `process.env.NEXT_PUBLIC_…` would be frozen into the build.
  const raw: Source = {};
  for (const name of NAMES) {
    const value = source[name]?.trim();
    raw[name] = value ? value : production ? undefined : LOCAL_SUPABASE[name];
  }

  const missing = NAMES.filter((name) => raw[name] === undefined);
  if (missing.length > 0) {
    throw new SupabaseEnvError(
      `Missing Supabase configuration: ${missing.join(", ")}. Set ${missing.length > 1 ? "them" : "it"} in the ` +
        "environment (see .env.example), or set GROUNDWORK_LOCAL=1 to use the local backend's well-known values.",
    );
  }

  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
    throw new SupabaseEnvError(`Invalid Supabase configuration: ${problems.join("; ")}.`);
  }

  return {
    url: parsed.data.NEXT_PUBLIC_SUPABASE_URL.replace(/\/+$/, ""),
    publishableKey: parsed.data.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY,
    secretKey: parsed.data.SUPABASE_SECRET_KEY,
  };
}

let cached: SupabaseEnv | null = null;

/** The server's Supabase configuration (validated once per process). */
export function supabaseEnv(): SupabaseEnv {
  cached ??= parseSupabaseEnv(process.env);
  return cached;
}

/** What the browser client needs: never the secret key. */
export function publicSupabaseConfig(): PublicSupabaseConfig {
  const { url, publishableKey } = supabaseEnv();
  return { url, publishableKey };
}
