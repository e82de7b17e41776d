import { invalidBody, maxAffectedError, RestError } from "../errors";
import { parseQueryParams } from "../parse/query-params";
import { buildReadPlan } from "../plan";
import { contentType, negotiate } from "../request/media";
import { countsRows, preferenceApplied } from "../request/prefer";
import { contentRange, rangeStatus, topLevelRange } from "../request/range";
import { qualified, type Routine } from "../schema-types";
import { bodyExpr, GUC_COLUMNS } from "../sql/body";
import { ident, Params, qualifiedIdent } from "../sql/fragment";
import { groupSql, orderSql, rangeSql, selectList, whereList } from "../sql/read-sql";
import { finalBody, outOfRangeBody } from "./body";
import {
  applyGucs,
  inTransaction,
  profileHeader,
  runStatement,
  toCount,
  type RestContext,
} from "./context";
import { explain, isPlan } from "./explain";
import { readRpcArgs, type RpcArgs } from "./rpc-args";
import { matchRoutine } from "./routine-match";

/** The whole body as the single unnamed parameter's type: JSON and text as sent, bytea as bytes. */
function wholeBodyArg(p: Params, routine: Routine, args: RpcArgs): string {
  const type = routine.params[0].type;
  if (type === "bytea") return `decode(${p.add(Buffer.from(args.raw).toString("hex"))}, 'hex')`;
  return `${p.add(new TextDecoder().decode(args.raw))}::${type}`;
}

function callSql(p: Params, routine: Routine, args: RpcArgs, wholeBody: boolean): string {
  const fn = qualifiedIdent(routine.schema, routine.name);
  const columns = routine.returnKind === "composite" ? "" : "(pgrst_scalar)";
  if (wholeBody)
    return `select pgrst_call.* from ${fn}(${wholeBodyArg(p, routine, args)}) pgrst_call${columns}`;
  const given = routine.params.filter((param) => param.name in args.named);
  if (!given.length) return `select pgrst_call.* from ${fn}() pgrst_call${columns}`;
  const record = given.map((param) => `${ident(param.name)} ${param.type}`).join(", ");
  const call = given
    .map(
      (param) =>
        `${param.variadic ? "variadic " : ""}${ident(param.name)} := _.${ident(param.name)}`,
    )
    .join(", ");
  return `select pgrst_call.* from json_to_record(${p.add(JSON.stringify(args.named))}::json) as _(${record}), lateral ${fn}(${call}) pgrst_call${columns}`;
}

/** GET/HEAD/POST /rpc/fn: named arguments, scalar/set/composite results, filters on set results. */
export async function handleRpc(ctx: RestContext, name: string): Promise<Response> {
  const method = ctx.req.method;
  if (!["GET", "HEAD", "POST"].includes(method))
    throw new RestError(405, "PGRST101", `Cannot use the ${method} method on RPC`);
  const isRead = method !== "POST";
  const qp = parseQueryParams(ctx.url.searchParams, isRead);
  const media = negotiate(ctx.req.headers.get("accept"), {
    plan: ctx.cache.settings.planEnabled,
  });
  const args = await readRpcArgs(ctx.req, isRead, qp.rpcArgs);
  const { routine, wholeBody } = matchRoutine(
    ctx.cache,
    ctx.schema,
    name,
    qp.columns ?? Object.keys(args.named),
    !isRead,
    args.media,
  );
  if (!wholeBody && args.isArray) throw invalidBody("Empty or invalid json");
  const strictMax = ctx.prefer.handling === "strict" && ctx.prefer.maxAffected !== undefined;
  if (strictMax && !routine.returnsSet)
    throw new RestError(
      400,
      "PGRST128",
      "Function must return SETOF or TABLE when max-affected preference is used with handling=strict",
    );

  const table = routine.returnRelation
    ? ctx.cache.tables.get(qualified(routine.returnRelation.schema, routine.returnRelation.name))
    : undefined;
  const composite = routine.returnKind === "composite";
  const plan = buildReadPlan(
    ctx.cache,
    ctx.schema,
    table?.name ?? name,
    table,
    composite ? qp : { ...qp, select: [] },
  );
  plan.alias = name;
  const range = topLevelRange(
    isRead ? ctx.req.headers : null,
    qp.ranges.get(""),
    qp.negativeLimit,
    routine.returnsSet ? ctx.backend.config.api.maxRows || null : null,
  );

  const p = new Params();
  const call = callSql(p, routine, args, wholeBody);
  const where = composite ? whereList(p, plan) : [];
  const from = ` from pgrst_source as ${ident(plan.alias)}${where.length ? ` where ${where.join(" and ")}` : ""}`;
  const items = composite ? selectList(p, plan).join(", ") : `${ident(plan.alias)}.pgrst_scalar`;
  const page = `select ${items}${from}${composite ? groupSql(plan) + orderSql(p, plan) : ""}${rangeSql(p, range)}`;
  // PostgREST counts a call's whole result for exact and estimated alike (the planner is not asked).
  const counting = countsRows(ctx.prefer);
  const total = counting ? `(select count(*)${from})` : "null::bigint";
  const shape = composite
    ? routine.returnsSet
      ? "rows"
      : "composite-single"
    : routine.returnsSet
      ? "scalar-set"
      : "scalar-single";
  const sql = `with pgrst_source as (${call}) select ${total} as total, count(*) as page_total, ${bodyExpr(media, shape)} as body, ${GUC_COLUMNS} from (${page}) _t`;

  return inTransaction(ctx, isRead, async (tx) => {
    if (isPlan(media)) return explain(tx, media, sql, p.values);
    const row = await runStatement(tx, sql, p.values);
    const headers = new Headers();
    profileHeader(ctx, headers);
    const pageTotal = routine.returnsSet ? (toCount(row.page_total) ?? 0) : 1;
    if (strictMax && pageTotal > (ctx.prefer.maxAffected ?? 0)) throw maxAffectedError(pageTotal);
    const totalCount = toCount(row.total);
    headers.set(
      "content-range",
      contentRange(range.offset, range.offset + pageTotal - 1, totalCount),
    );
    const applied = preferenceApplied(ctx.prefer, ["count", "tx", "handling", "max-affected"]);
    if (applied) headers.set("preference-applied", applied);
    if (routine.returnKind === "void")
      return new Response(null, { status: applyGucs(row, 204, headers), headers });
    let status = rangeStatus(range.offset, pageTotal, totalCount);
    if (status === 416) {
      headers.set("content-type", "application/json; charset=utf-8");
      return new Response(outOfRangeBody(range.offset, totalCount), { status, headers });
    }
    headers.set("content-type", contentType(media));
    const body =
      media.kind === "object" && !routine.returnsSet ? (row.body ?? "null") : finalBody(media, row);
    status = applyGucs(row, status, headers);
    return new Response(method === "HEAD" ? null : body, { status, headers });
  });
}
