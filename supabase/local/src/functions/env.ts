import { readFileSync } from "node:fs";
import {
  LOCAL_ANON_KEY,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  LOCAL_SERVICE_ROLE_KEY,
} from "../keys/keys";

/** Parses a dotenv file: `KEY=value`, `export KEY=value`, quotes, `#` comments. */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(raw);
    if (!m) continue;
    let value = m[2].trim();
    const quote = value[0];
    if ((quote === '"' || quote === "'" || quote === "`") && value.lastIndexOf(quote) > 0) {
      value = value.slice(1, value.lastIndexOf(quote));
      if (quote === '"') value = value.replace(/\\n/g, "\n");
    } else {
      value = value.replace(/\s+#.*$/, "");
    }
    out[m[1]] = value;
  }
  return out;
}

function readDotenv(file: string): Record<string, string> {
  try {
    return parseDotenv(readFileSync(file, "utf8"));
  } catch {
    return {};
  }
}

/**
 * What a function finds in `Deno.env`, as hosted Supabase provides it: the project URL and keys
 * in both styles, then the project's own secrets from supabase/functions/.env. Names starting
 * with SUPABASE_ are reserved for the platform, as `supabase secrets set` refuses them.
 */
export function functionEnv(url: string, dotenvFile: string): Record<string, string> {
  const secrets = Object.fromEntries(
    Object.entries(readDotenv(dotenvFile)).filter(([name]) => !name.startsWith("SUPABASE_")),
  );
  return {
    ...secrets,
    SUPABASE_URL: url,
    SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
    SUPABASE_PUBLISHABLE_KEY: LOCAL_PUBLISHABLE_KEY,
    SUPABASE_SECRET_KEY: LOCAL_SECRET_KEY,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: LOCAL_PUBLISHABLE_KEY }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: LOCAL_SECRET_KEY }),
  };
}
