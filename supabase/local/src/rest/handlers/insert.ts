import { parseQueryParams } from "../parse/query-params";
import { buildReadPlan } from "../plan";
import { negotiate } from "../request/media";
import { countsRows, preferenceApplied } from "../request/prefer";
import { contentRange } from "../request/range";
import type { Table } from "../schema-types";
import { ident, Params, qualifiedIdent } from "../sql/fragment";
import { toCount, type RestContext } from "./context";
import { finish, returning, runMutation } from "./mutation";
import { payloadColumns, readPayload } from "./payload";

function columnValue(p: Params, table: Table, column: string, missingDefault: boolean): string {
  const value = `_.${ident(column)}`;
  if (!missingDefault) return value;
  const def = table.columnMap.get(column)?.default ?? "null";
  return `case when _j.v ? ${p.add(column)} then ${value} else ${def} end`;
}

/** POST on a table: single and bulk insert, upsert with on_conflict, Prefer return/missing/resolution. */
export async function handleInsert(ctx: RestContext, table: Table): Promise<Response> {
  const qp = parseQueryParams(ctx.url.searchParams, false);
  const media = negotiate(ctx.req.headers.get("accept"), {
    plan: ctx.cache.settings.planEnabled,
  });
  const plan = buildReadPlan(ctx.cache, ctx.schema, table.name, table, qp);
  const { rows } = await readPayload(ctx.req);
  const columns = payloadColumns(table, rows, qp.columns);
  const conflict = qp.onConflict ?? table.primaryKey;
  const resolution = conflict.length ? ctx.prefer.resolution : undefined;
  const missingDefault = ctx.prefer.missing === "default";

  const p = new Params();
  const target = `${qualifiedIdent(table.schema, table.name)} as ${ident(plan.alias)}`;
  const payload = rows.length ? p.add(JSON.stringify(rows)) : "null";
  const source = missingDefault
    ? `jsonb_array_elements(${payload}::jsonb) with ordinality _j(v, o), jsonb_populate_record(null::${qualifiedIdent(table.schema, table.name)}, _j.v) _`
    : `json_populate_recordset(null::${qualifiedIdent(table.schema, table.name)}, ${payload}::json) _`;
  let mutation: string;
  if (rows.length === 0) {
    mutation = `select ${ident(plan.alias)}.* from ${target} where false`;
  } else if (columns.length === 0) {
    mutation = `insert into ${target} select from ${source}`;
  } else {
    const values = columns.map((c) => columnValue(p, table, c, missingDefault)).join(", ");
    mutation = `insert into ${target} (${columns.map(ident).join(", ")}) select ${values} from ${source}`;
  }
  if (rows.length > 0 && resolution) {
    const target = `(${conflict.map(ident).join(", ")})`;
    const updates = columns.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(", ");
    mutation +=
      resolution === "merge-duplicates" && updates
        ? ` on conflict ${target} do update set ${updates}`
        : ` on conflict ${target} do nothing`;
  }
  const upsert = resolution === "merge-duplicates";
  if (rows.length > 0) mutation += ` ${returning(ctx, table, plan, upsert)}`;
  else if (ctx.prefer.representation !== "full") mutation = `select 1 from ${target} where false`;
  const inserted =
    upsert && !table.isView && rows.length > 0
      ? ", (select count(*) from pgrst_source where pgrst_inserted) as inserted"
      : "";

  const outcome = await runMutation(ctx, table, plan, p, mutation, media, inserted);
  if (outcome instanceof Response) return outcome;
  const total = countsRows(ctx.prefer) ? outcome.pageTotal : null;
  outcome.headers.set("content-range", contentRange(1, 0, total));
  if (ctx.prefer.representation === "headers-only" && outcome.pageTotal === 1 && outcome.body) {
    const [row] = JSON.parse(outcome.body) as Record<string, unknown>[];
    const query = table.primaryKey
      .map((c) => `${encodeURIComponent(c)}=eq.${encodeURIComponent(String(row[c]))}`)
      .join("&");
    outcome.headers.set("location", `/${table.name}?${query}`);
  }
  const applied = preferenceApplied({ ...ctx.prefer, resolution }, [
    "resolution",
    "missing",
    "representation",
    "count",
    "tx",
    "handling",
  ]);
  if (applied) outcome.headers.set("preference-applied", applied);
  const insertedCount = toCount(outcome.row.inserted);
  const status = upsert && insertedCount !== null && insertedCount <= 0 ? 200 : 201;
  return finish(ctx, outcome, status);
}
