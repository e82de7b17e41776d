import { RestError } from "../errors";
import { parseQueryParams } from "../parse/query-params";
import { buildReadPlan } from "../plan";
import { negotiate } from "../request/media";
import { countsRows, preferenceApplied } from "../request/prefer";
import { contentRange } from "../request/range";
import type { Table } from "../schema-types";
import { ident, Params, qualifiedIdent } from "../sql/fragment";
import type { RestContext } from "./context";
import { finish, mutationWhere, returning, runMutation } from "./mutation";
import { payloadColumns, readPayload } from "./payload";

/** Hosted Supabase loads pg-safeupdate for API requests: UPDATE and DELETE need a WHERE clause. */
function requireWhere(kind: "UPDATE" | "DELETE", where: string[]): void {
  if (!where.length) throw new RestError(400, "21000", `${kind} requires a WHERE clause`);
}

function counted(ctx: RestContext, n: number): number | null {
  return countsRows(ctx.prefer) ? n : null;
}

/** PATCH on a table: update the filtered rows with the body's columns. */
export async function handleUpdate(ctx: RestContext, table: Table): Promise<Response> {
  const qp = parseQueryParams(ctx.url.searchParams, false);
  const media = negotiate(ctx.req.headers.get("accept"), {
    plan: ctx.cache.settings.planEnabled,
  });
  const plan = buildReadPlan(ctx.cache, ctx.schema, table.name, table, qp);
  const { rows, isArray } = await readPayload(ctx.req);
  if (isArray && rows.length !== 1)
    throw new RestError(
      400,
      "PGRST102",
      "Bulk updates are only supported with PATCH on a single object",
    );
  const columns = payloadColumns(table, rows, qp.columns);

  const p = new Params();
  const where = mutationWhere(p, plan);
  requireWhere("UPDATE", where);
  const target = `${qualifiedIdent(table.schema, table.name)} as ${ident(plan.alias)}`;
  let mutation: string;
  if (!columns.length) {
    mutation = `select ${ident(plan.alias)}.* from ${target} where false and ${where.join(" and ")}`;
  } else {
    const payload = p.add(JSON.stringify(rows[0]));
    const sets = columns.map((c) => `${ident(c)} = _.${ident(c)}`).join(", ");
    mutation =
      `update ${target} set ${sets} from (select * from json_populate_record(null::${qualifiedIdent(table.schema, table.name)}, ${payload}::json)) _` +
      ` where ${where.join(" and ")} ${returning(ctx, table, plan, false)}`;
  }
  const outcome = await runMutation(ctx, table, plan, p, mutation, media);
  if (outcome instanceof Response) return outcome;
  outcome.headers.set(
    "content-range",
    contentRange(0, outcome.pageTotal - 1, counted(ctx, outcome.pageTotal)),
  );
  const applied = preferenceApplied(ctx.prefer, [
    "representation",
    "count",
    "tx",
    "handling",
    "max-affected",
  ]);
  if (applied) outcome.headers.set("preference-applied", applied);
  return finish(ctx, outcome, ctx.prefer.representation === "full" ? 200 : 204);
}

/** DELETE on a table: remove the filtered rows. */
export async function handleDelete(ctx: RestContext, table: Table): Promise<Response> {
  const qp = parseQueryParams(ctx.url.searchParams, false);
  const media = negotiate(ctx.req.headers.get("accept"), {
    plan: ctx.cache.settings.planEnabled,
  });
  const plan = buildReadPlan(ctx.cache, ctx.schema, table.name, table, qp);
  const p = new Params();
  const where = mutationWhere(p, plan);
  requireWhere("DELETE", where);
  const mutation = `delete from ${qualifiedIdent(table.schema, table.name)} as ${ident(plan.alias)} where ${where.join(" and ")} ${returning(ctx, table, plan, false)}`;
  const outcome = await runMutation(ctx, table, plan, p, mutation, media);
  if (outcome instanceof Response) return outcome;
  outcome.headers.set("content-range", contentRange(1, 0, counted(ctx, outcome.pageTotal)));
  const applied = preferenceApplied(ctx.prefer, [
    "representation",
    "count",
    "tx",
    "handling",
    "max-affected",
  ]);
  if (applied) outcome.headers.set("preference-applied", applied);
  return finish(ctx, outcome, ctx.prefer.representation === "full" ? 200 : 204);
}
