import type { Transaction } from "../../database/db";
import { asText, type RestContext } from "./context";

/**
 * The total for `Prefer: count=…`: exact counts every row, planned asks the planner, estimated counts
 * up to max_rows + 1 and asks the planner only past that, as PostgREST does.
 */
export async function countSql(
  tx: Transaction,
  ctx: RestContext,
  rowsQuery: string,
  params: (string | null)[],
): Promise<number | null> {
  const mode = ctx.prefer.count;
  if (!mode) return null;
  const used = params;
  const planned = async () => {
    const plan = await tx.query<{ "QUERY PLAN": unknown }>(
      `explain (format json) ${rowsQuery}`,
      used,
      { serializers: asText },
    );
    const doc = plan.rows[0]?.["QUERY PLAN"];
    const parsed: unknown = typeof doc === "string" ? JSON.parse(doc) : doc;
    const rows = Array.isArray(parsed)
      ? (parsed[0] as { Plan?: { "Plan Rows"?: number } })?.Plan?.["Plan Rows"]
      : undefined;
    return typeof rows === "number" ? rows : 0;
  };
  const exact = async (cap?: number) => {
    const limited = cap === undefined ? rowsQuery : `${rowsQuery} limit ${cap + 1}`;
    const r = await tx.query<{ n: number | string }>(
      `select count(*) as n from (${limited}) _c`,
      used,
      { serializers: asText },
    );
    return Number(r.rows[0]?.n ?? 0);
  };
  if (mode === "planned") return planned();
  if (mode === "estimated") {
    const maxRows = ctx.backend.config.api.maxRows;
    if (!maxRows) return exact();
    const counted = await exact(maxRows);
    return counted > maxRows ? Math.max(counted, await planned()) : counted;
  }
  return exact();
}
