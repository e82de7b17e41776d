import type { Embed, FieldItem, ReadNode } from "../plan";
import { filterSql, logicSql, orderTermSql } from "./filters";
import { castType, fieldExpr, fieldOutputName, ident, qualifiedIdent, Params } from "./fragment";

function joinConditions(e: Embed, parentAlias: string): string[] {
  if (e.rel.computed) return [];
  const child = ident(e.node.alias);
  const parent = ident(parentAlias);
  if (e.rel.junction) {
    const j = ident(e.junctionAlias);
    return e.rel.junction.sourceColumns.map(
      ([jc, oc]) => `${j}.${ident(jc)} = ${parent}.${ident(oc)}`,
    );
  }
  return e.rel.columns.map(([oc, tc]) => `${child}.${ident(tc)} = ${parent}.${ident(oc)}`);
}

/** The embedded relation: its table, or for a computed relationship its function called on the parent row. */
function embedFrom(e: Embed, parentAlias: string): string {
  const fn = e.rel.computed;
  if (fn) {
    const row = `${ident(parentAlias)}::${qualifiedIdent(e.rel.table.schema, e.rel.table.name)}`;
    return `${qualifiedIdent(fn.schema, fn.name)}(${row}) as ${ident(e.node.alias)}`;
  }
  const ft = `${qualifiedIdent(e.rel.foreignTable.schema, e.rel.foreignTable.name)} as ${ident(e.node.alias)}`;
  const junction = e.rel.junction;
  if (!junction) return ft;
  const j = ident(e.junctionAlias);
  const on = junction.targetColumns
    .map(([jc, tc]) => `${j}.${ident(jc)} = ${ident(e.node.alias)}.${ident(tc)}`)
    .join(" and ");
  return `${ft} join ${qualifiedIdent(junction.table.schema, junction.table.name)} as ${j} on ${on}`;
}

const conjunction = (terms: string[]) => (terms.length ? terms.join(" and ") : "true");

function existsSql(p: Params, e: Embed, parentAlias: string): string {
  const where = [...joinConditions(e, parentAlias), ...whereList(p, e.node)];
  return `exists (select 1 from ${embedFrom(e, parentAlias)} where ${conjunction(where)})`;
}

export function whereList(p: Params, node: ReadNode): string[] {
  return [
    ...node.filters.map((f) => filterSql(p, node.alias, f)),
    ...node.logic.map((t) => logicSql(p, node.alias, t)),
    ...node.existence.map(
      ({ embed, present }) => `${present ? "" : "not "}${existsSql(p, embed, node.alias)}`,
    ),
    ...node.embeds.filter((e) => e.inner).map((e) => existsSql(p, e, node.alias)),
  ];
}

export function orderSql(p: Params, node: ReadNode): string {
  if (!node.order.length) return "";
  const terms = node.order.map((t) => {
    if (t.relation === undefined) return orderTermSql(fieldExpr(p, node.alias, t.field), t);
    const e = node.embeds.find((x) => x.key === t.relation) as Embed;
    const sub = `(select ${fieldExpr(p, e.node.alias, t.field)} from ${embedFrom(e, node.alias)} where ${conjunction(joinConditions(e, node.alias))})`;
    return orderTermSql(sub, t);
  });
  return ` order by ${terms.join(", ")}`;
}

export function rangeSql(p: Params, range: { offset: number; limit?: number } | undefined): string {
  if (!range) return "";
  const limit = range.limit !== undefined ? ` limit ${p.add(String(range.limit))}` : "";
  const offset = range.offset > 0 ? ` offset ${p.add(String(range.offset))}` : "";
  return limit + offset;
}

function embedSql(p: Params, e: Embed, parentAlias: string): string {
  const where = [...joinConditions(e, parentAlias), ...whereList(p, e.node)];
  const inner = `select ${selectList(p, e.node).join(", ")} from ${embedFrom(e, parentAlias)} where ${conjunction(where)}${groupSql(e.node)}${orderSql(p, e.node)}${rangeSql(p, e.node.range)}`;
  return e.toOne
    ? `(select row_to_json(_e) from (${inner}) _e)`
    : `(select coalesce(json_agg(_e), '[]') from (${inner}) _e)`;
}

interface Output {
  expr: string;
  name: string | null;
  aggregate: boolean;
  /** An aggregate's parts, so a to-one spread can lift it into its parent's grouping. */
  hoist?: { fn: string; arg: string; cast: string };
}

/**
 * `...rel(cols)`: a to-one relationship's columns join the parent's, and its aggregates are
 * hoisted to the parent, which groups by its other columns (PostgREST 13's
 * hoistSpreadAggFunctions); a to-many one's columns become arrays, one per column.
 */
function spreadOutputs(p: Params, e: Embed, parentAlias: string): Output[] {
  const where = conjunction([...joinConditions(e, parentAlias), ...whereList(p, e.node)]);
  const from = embedFrom(e, parentAlias);
  const items = outputs(p, e.node, true);
  if (e.toOne)
    return items.map(({ expr, name, hoist }) => {
      if (!hoist)
        return { expr: `(select ${expr} from ${from} where ${where})`, name, aggregate: false };
      // count() counts the parent rows that have a related row, as count over the joined row does.
      const arg = `(select ${hoist.arg === "*" ? "1" : hoist.arg} from ${from} where ${where})`;
      return {
        expr: `${hoist.fn}(${arg})${hoist.cast}`,
        name,
        aggregate: true,
        hoist: { ...hoist, arg },
      };
    });
  const columns = items.map(({ expr, name }) => `${expr} as ${ident(name ?? "")}`).join(", ");
  const rows = `select ${columns} from ${from} where ${where}${orderSql(p, e.node)}${rangeSql(p, e.node.range)}`;
  return items.map(({ name }) => ({
    expr: `(select coalesce(json_agg(_s.${ident(name ?? "")}), '[]') from (${rows}) _s)`,
    name,
    aggregate: false,
  }));
}

function fieldOutput(p: Params, node: ReadNode, item: FieldItem & { kind: "field" }): Output {
  const cast = item.cast ? `::${castType(item.cast)}` : "";
  const name = item.alias ?? (item.aggregate ? item.aggregate : fieldOutputName(item.field));
  if (!item.aggregate)
    return { expr: `${fieldExpr(p, node.alias, item.field)}${cast}`, name, aggregate: false };
  const arg = item.field.name === "*" ? "*" : `${fieldExpr(p, node.alias, item.field)}${cast}`;
  const aggCast = item.aggregateCast ? `::${castType(item.aggregateCast)}` : "";
  return {
    expr: `${item.aggregate}(${arg})${aggCast}`,
    name,
    aggregate: true,
    hoist: { fn: item.aggregate, arg, cast: aggCast },
  };
}

function outputs(p: Params, node: ReadNode, split: boolean): Output[] {
  const out: Output[] = [];
  const grouped = hasAggregates(node);
  for (const item of node.fields) {
    if (item.kind === "star") {
      if ((split || grouped || node.expandStar) && node.table)
        for (const c of node.table.columns)
          out.push({
            expr: `${ident(node.alias)}.${ident(c.name)}`,
            name: c.name,
            aggregate: false,
          });
      else out.push({ expr: `${ident(node.alias)}.*`, name: null, aggregate: false });
      continue;
    }
    out.push(fieldOutput(p, node, item));
  }
  for (const e of node.embeds) {
    if (e.hidden) continue;
    if (e.spread) {
      out.push(...spreadOutputs(p, e, node.alias));
      continue;
    }
    // json has no equality operator, so a grouped embedding goes out as jsonb.
    const expr = embedSql(p, e, node.alias);
    out.push({ expr: grouped ? `${expr}::jsonb` : expr, name: e.key, aggregate: false });
  }
  return out;
}

/** An aggregate in the node's own select, or hoisted from a to-one spread below it. */
export const hasAggregates = (node: ReadNode): boolean =>
  node.fields.some((f) => f.kind === "field" && f.aggregate !== undefined) ||
  node.embeds.some((e) => e.spread && e.toOne && !e.hidden && hasAggregates(e.node));

/** PostgREST groups an aggregating select by every other selected column. */
export function groupSql(node: ReadNode): string {
  if (!hasAggregates(node)) return "";
  const positions = outputs(new Params(), node, false)
    .map((o, i) => (o.aggregate ? null : String(i + 1)))
    .filter((i) => i !== null);
  // The columns an embedding joins on, so its correlated subquery reads only grouped columns; a
  // to-one spread's columns are grouped as the scalar subqueries they are.
  const keys = node.embeds
    .filter((e) => !(e.spread && e.toOne))
    .flatMap((e) =>
      (e.rel.junction
        ? e.rel.junction.sourceColumns.map(([, o]) => o)
        : e.rel.columns.map(([o]) => o)
      ).map((c) => `${ident(node.alias)}.${ident(c)}`),
    );
  const terms = [...positions, ...new Set(keys)];
  return terms.length ? ` group by ${terms.join(", ")}` : "";
}

export function selectList(p: Params, node: ReadNode): string[] {
  return outputs(p, node, false).map((o) =>
    o.name === null ? o.expr : `${o.expr} as ${ident(o.name)}`,
  );
}
