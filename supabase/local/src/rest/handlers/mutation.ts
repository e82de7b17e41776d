import type { ReadNode } from "../plan";
import { maxAffectedError, singularityError } from "../errors";
import { contentType, type Media } from "../request/media";
import type { Table } from "../schema-types";
import { bodyExpr, GUC_COLUMNS } from "../sql/body";
import { filterSql, logicSql } from "../sql/filters";
import { ident, type Params } from "../sql/fragment";
import { selectList } from "../sql/read-sql";
import { finalBody } from "./body";
import { explain, isPlan } from "./explain";
import {
  applyGucs,
  inTransaction,
  profileHeader,
  runStatement,
  toCount,
  type RestContext,
  type StatementRow,
} from "./context";

/** Filters of a PATCH/DELETE: only the top level applies to the rows being changed. */
export function mutationWhere(p: Params, plan: ReadNode): string[] {
  return [
    ...plan.filters.map((f) => filterSql(p, plan.alias, f)),
    ...plan.logic.map((t) => logicSql(p, plan.alias, t)),
  ];
}

/** What RETURNING must give so the response can be built without asking for more than it needs. */
export function returning(
  ctx: RestContext,
  table: Table,
  plan: ReadNode,
  withInserted: boolean,
): string {
  const rep = ctx.prefer.representation;
  const inserted = withInserted && !table.isView ? ", (xmax::text = '0') as pgrst_inserted" : "";
  if (rep === "full") return `returning ${ident(plan.alias)}.*${inserted}`;
  if (rep === "headers-only" && table.primaryKey.length)
    return `returning ${table.primaryKey.map((c) => `${ident(plan.alias)}.${ident(c)}`).join(", ")}${inserted}`;
  return `returning 1${inserted}`;
}

export interface MutationOutcome {
  row: StatementRow;
  pageTotal: number;
  body: string | null;
  headers: Headers;
}

/**
 * Runs `WITH pgrst_source AS (<mutation>) SELECT …` in the caller's transaction. `.single()` on a
 * write that touched other than one row, or a broken max-affected limit, rolls everything back.
 * With `Accept: application/vnd.pgrst.plan` the answer is the statement's plan instead (with
 * `analyze`, the write runs, as in PostgREST: `Prefer: tx=rollback` undoes it).
 */
export async function runMutation(
  ctx: RestContext,
  table: Table,
  plan: ReadNode,
  p: Params,
  mutation: string,
  media: Media,
  extraColumns = "",
): Promise<MutationOutcome | Response> {
  const full = ctx.prefer.representation === "full";
  const headersOnly = ctx.prefer.representation === "headers-only" && table.primaryKey.length > 0;
  plan.expandStar = true;
  let select = "select 1";
  if (full) select = `select ${selectList(p, plan).join(", ")}`;
  else if (headersOnly)
    select = `select ${table.primaryKey.map((c) => `${ident(plan.alias)}.${ident(c)}`).join(", ")}`;
  const body = full || headersOnly ? bodyExpr(media, "rows") : "null::text";
  const sql =
    `with pgrst_source as (${mutation}) select null::bigint as total, count(*) as page_total, ${body} as body, ` +
    `${GUC_COLUMNS}${extraColumns} from (${select} from pgrst_source as ${ident(plan.alias)}) _t`;

  return inTransaction(ctx, false, async (tx) => {
    if (isPlan(media)) return explain(tx, media, sql, p.values);
    const row = await runStatement(tx, sql, p.values);
    const pageTotal = toCount(row.page_total) ?? 0;
    if (media.kind === "object" && pageTotal !== 1) throw singularityError(pageTotal);
    if (
      ctx.prefer.handling === "strict" &&
      ctx.prefer.maxAffected !== undefined &&
      pageTotal > ctx.prefer.maxAffected
    ) {
      throw maxAffectedError(pageTotal);
    }
    const headers = new Headers();
    profileHeader(ctx, headers);
    const text = full ? finalBody(media, row) : row.body;
    if (full) headers.set("content-type", contentType(media));
    return { row, pageTotal, body: text, headers };
  });
}

export function finish(ctx: RestContext, outcome: MutationOutcome, status: number): Response {
  const finalStatus = applyGucs(outcome.row, status, outcome.headers);
  const send = ctx.prefer.representation === "full" && finalStatus !== 204;
  return new Response(send ? outcome.body : null, {
    status: finalStatus,
    headers: outcome.headers,
  });
}
