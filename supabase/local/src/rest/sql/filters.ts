import type { Filter, LogicTree, OpExpr, OrderTerm, QuantOp, SimpleOp } from "../ast";
import { arrayLiteral, fieldExpr, type Params } from "./fragment";

const QUANT_SQL: Record<QuantOp, string> = {
  eq: "=",
  gt: ">",
  gte: ">=",
  lt: "<",
  lte: "<=",
  like: "like",
  ilike: "ilike",
  match: "~",
  imatch: "~*",
};

const SIMPLE_SQL: Record<SimpleOp, string> = {
  neq: "<>",
  cs: "@>",
  cd: "<@",
  ov: "&&",
  sl: "<<",
  sr: ">>",
  nxr: "&<",
  nxl: "&>",
  adj: "-|-",
};

const FTS_SQL = {
  fts: "to_tsquery",
  plfts: "plainto_tsquery",
  phfts: "phraseto_tsquery",
  wfts: "websearch_to_tsquery",
};

const likePattern = (op: QuantOp, v: string) =>
  op === "like" || op === "ilike" ? v.replace(/\*/g, "%") : v;

export function opExprSql(params: Params, column: string, expr: OpExpr): string {
  const o = expr.operation;
  let sql: string;
  switch (o.kind) {
    case "in":
      sql = `${column} = any(${params.add(arrayLiteral(o.values))})`;
      break;
    case "is":
      sql = `${column} is ${{ null: "null", not_null: "not null", true: "true", false: "false", unknown: "unknown" }[o.value]}`;
      break;
    case "isdistinct":
      sql = `${column} is distinct from ${params.add(o.value)}`;
      break;
    case "fts": {
      const query = o.language
        ? `${FTS_SQL[o.op]}(${params.add(o.language)}::regconfig, ${params.add(o.value)})`
        : `${FTS_SQL[o.op]}(${params.add(o.value)})`;
      sql = `${column} @@ ${query}`;
      break;
    }
    case "simple":
      sql = `${column} ${SIMPLE_SQL[o.op]} ${params.add(o.value)}`;
      break;
    case "quant":
      sql = o.quantifier
        ? `${column} ${QUANT_SQL[o.op]} ${o.quantifier}(${params.add(likePattern(o.op, o.value))})`
        : `${column} ${QUANT_SQL[o.op]} ${params.add(likePattern(o.op, o.value))}`;
      break;
  }
  return expr.negate ? `not (${sql})` : sql;
}

export function filterSql(params: Params, alias: string, f: Filter): string {
  return opExprSql(params, fieldExpr(params, alias, f.field), f.expr);
}

export function logicSql(params: Params, alias: string, tree: LogicTree): string {
  if (tree.kind === "filter") return filterSql(params, alias, tree.filter);
  const inner = tree.children.map((c) => logicSql(params, alias, c)).join(` ${tree.op} `);
  return tree.negate ? `not (${inner})` : `(${inner})`;
}

export function orderTermSql(expr: string, t: OrderTerm): string {
  return `${expr}${t.direction ? ` ${t.direction}` : ""}${t.nulls ? ` nulls ${t.nulls}` : ""}`;
}
