import path from "node:path";
import type { ConfigSource, Env } from "../config/config-source";

/** One `[functions.<name>]` table, paths resolved against the supabase folder as the CLI does. */
export interface FunctionSettings {
  enabled: boolean;
  verifyJwt: boolean;
  /** Absolute path of the entrypoint when config.toml names one. */
  entrypoint: string | null;
  importMap: string | null;
}

export interface FunctionsConfig {
  /** `[edge_runtime] enabled`: false leaves /functions/v1 answering 404 for every name. */
  enabled: boolean;
  /** supabase/functions: one folder per function, plus `.env` for secrets. */
  dir: string;
  /** Seconds a request may take before the worker is retired with 546 (hosted: 150 s free, 400 s paid). */
  wallClockLimit: number;
  /** Per-function settings from config.toml; folders without a table use the defaults. */
  functions: Record<string, FunctionSettings>;
}

/** Names the CLI accepts for a function (folder names starting with "_" hold shared code). */
export const FUNCTION_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

export function parseFunctionsConfig(
  c: ConfigSource,
  supabaseDir: string,
  env: Env,
): FunctionsConfig {
  const resolve = (p: string | null) => (p ? path.resolve(supabaseDir, p) : null);
  const functions: Record<string, FunctionSettings> = {};
  for (const name of c.tableNames("functions")) {
    if (!FUNCTION_NAME.test(name)) {
      throw c.problem(`functions.${name}.enabled`, `"${name}" is not a valid function name`);
    }
    const base = `functions.${name}`;
    functions[name] = {
      enabled: c.boolean(`${base}.enabled`, true),
      verifyJwt: c.boolean(`${base}.verify_jwt`, true),
      entrypoint: resolve(c.string(`${base}.entrypoint`, null)),
      importMap: resolve(c.string(`${base}.import_map`, null)),
    };
  }
  const limit = Number(env.SUPABASE_LOCAL_FUNCTIONS_WALL_CLOCK ?? "400");
  return {
    enabled: c.boolean("edge_runtime.enabled", true),
    dir: path.join(supabaseDir, "functions"),
    wallClockLimit: Number.isFinite(limit) && limit > 0 ? limit : 400,
    functions,
  };
}
