import type { QueryParams } from "../ast";
import { parseQueryParams } from "../parse/query-params";
import { buildReadPlan } from "../plan";
import { contentType, negotiate } from "../request/media";
import { preferenceApplied } from "../request/prefer";
import { contentRange, rangeStatus, topLevelRange } from "../request/range";
import type { Table } from "../schema-types";
import { bodyExpr, GUC_COLUMNS } from "../sql/body";
import { ident, Params, qualifiedIdent } from "../sql/fragment";
import { groupSql, orderSql, rangeSql, selectList, whereList } from "../sql/read-sql";
import { finalBody, outOfRangeBody } from "./body";
import {
  applyGucs,
  canonicalQuery,
  inTransaction,
  profileHeader,
  runStatement,
  toCount,
  type RestContext,
} from "./context";
import { countSql } from "./count";
import { explain, isPlan } from "./explain";

/** GET and HEAD on a table or view. */
export async function handleRead(ctx: RestContext, table: Table): Promise<Response> {
  const qp: QueryParams = parseQueryParams(ctx.url.searchParams, false);
  const media = negotiate(ctx.req.headers.get("accept"), {
    plan: ctx.cache.settings.planEnabled,
  });
  const plan = buildReadPlan(ctx.cache, ctx.schema, table.name, table, qp);
  const range = topLevelRange(
    ctx.req.headers,
    qp.ranges.get(""),
    qp.negativeLimit,
    ctx.backend.config.api.maxRows || null,
  );

  const p = new Params();
  const where = whereList(p, plan);
  const whereParams = p.values.length;
  const from = ` from ${qualifiedIdent(table.schema, table.name)} as ${ident(plan.alias)}${where.length ? ` where ${where.join(" and ")}` : ""}`;
  const page = `select ${selectList(p, plan).join(", ")}${from}${groupSql(plan)}${orderSql(p, plan)}${rangeSql(p, range)}`;
  const sql = `select null::bigint as total, count(*) as page_total, ${bodyExpr(media, "rows")} as body, ${GUC_COLUMNS} from (${page}) _t`;

  return inTransaction(ctx, true, async (tx) => {
    if (isPlan(media)) return explain(tx, media, sql, p.values);
    const row = await runStatement(tx, sql, p.values);
    const total = await countSql(tx, ctx, `select 1${from}`, p.values.slice(0, whereParams));
    const pageTotal = toCount(row.page_total) ?? 0;
    const headers = new Headers({ "content-type": contentType(media) });
    headers.set("content-range", contentRange(range.offset, range.offset + pageTotal - 1, total));
    const query = canonicalQuery(ctx.url);
    headers.set("content-location", `/${table.name}${query ? `?${query}` : ""}`);
    const applied = preferenceApplied(ctx.prefer, ["count", "tx", "handling"]);
    if (applied) headers.set("preference-applied", applied);
    profileHeader(ctx, headers);
    let status = rangeStatus(range.offset, pageTotal, total);
    if (status === 416) {
      headers.set("content-type", "application/json; charset=utf-8");
      return new Response(outOfRangeBody(range.offset, total), { status, headers });
    }
    const body = finalBody(media, row);
    status = applyGucs(row, status, headers);
    return new Response(ctx.req.method === "HEAD" ? null : body, { status, headers });
  });
}
