import type { Media } from "../request/media";

/** How the result rows become the response body, computed by Postgres as PostgREST does. */
export type BodyShape = "rows" | "scalar-set" | "scalar-single" | "composite-single";

export function bodyExpr(media: Media, shape: BodyShape): string {
  if (media.kind === "csv") {
    const header = `(select coalesce(string_agg(k, ','), '') from json_object_keys((array_agg(row_to_json(_t)))[1]) k)`;
    const rows = `coalesce(string_agg(substring(_t::text, 2, length(_t::text) - 2), chr(10)), '')`;
    return `coalesce(${header}, '') || chr(10) || ${rows}`;
  }
  const strip = (e: string) =>
    (media.kind === "json" || media.kind === "object") && media.stripNulls
      ? `json_strip_nulls(${e})`
      : e;
  switch (shape) {
    case "rows":
      return `coalesce(${strip("json_agg(_t)")}, '[]')::text`;
    case "scalar-set":
      return `coalesce(json_agg(_t.pgrst_scalar), '[]')::text`;
    case "scalar-single":
      return `coalesce((json_agg(_t.pgrst_scalar)->0)::text, 'null')`;
    case "composite-single":
      return `coalesce((${strip("json_agg(_t)")}->0)::text, 'null')`;
  }
}

/** Columns every statement ends with: PostgREST's response.headers / response.status overrides. */
export const GUC_COLUMNS = `current_setting('response.headers', true) as response_headers, current_setting('response.status', true) as response_status`;
