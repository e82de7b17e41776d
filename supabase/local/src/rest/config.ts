import type { ConfigSource } from "../config/config-source";

/** `[api]` as PostgREST gets it from the CLI: the schemas it serves and how many rows it answers. */
export interface ApiConfig {
  schemas: string[];
  extraSearchPath: string[];
  maxRows: number;
  /**
   * SUPABASE_LOCAL_REQUIRE_API_KEY=on: a REST or Storage request naming no key is refused with
   * hosted's 401, as its gateway does. Off (the CLI's behaviour): it goes through as anon.
   */
  requireApiKey: boolean;
}

const positive = (n: number) => (n > 0 ? null : "must be greater than 0");

export function parseApiConfig(c: ConfigSource): ApiConfig {
  return {
    schemas: c.strings("api.schemas", ["public", "graphql_public"]),
    extraSearchPath: c.strings("api.extra_search_path", ["public", "extensions"]),
    maxRows: c.number("api.max_rows", 1000, positive),
    requireApiKey: false,
  };
}
