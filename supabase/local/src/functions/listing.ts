import type { LocalConfig } from "../config/config";
import { listFunctions } from ".";

/** The lines `npm run backend` prints about edge functions, like `supabase functions serve`. */
export function formatFunctions(config: LocalConfig, url: string): string {
  if (!config.functions.enabled) return "Edge functions: off ([edge_runtime] enabled = false)";
  const served = listFunctions(config);
  if (!served.length) return `Edge functions: none in ${config.functions.dir}`;
  const width = Math.max(...served.map((f) => f.name.length));
  const lines = served.map(
    (f) =>
      `  ${f.name.padEnd(width)}  ${url}/functions/v1/${f.name}${f.verifyJwt ? "" : "  (no JWT needed)"}`,
  );
  return `Edge functions (real Deno, started on first request):\n${lines.join("\n")}`;
}
