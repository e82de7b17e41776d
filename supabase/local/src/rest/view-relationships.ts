import { qualified, type QualifiedName, type Relationship, type Table } from "./schema-types";

/** Which base-table columns each view reads, from the view's rewrite rule dependencies. */
export const VIEW_COLUMNS_SQL = `
select vn.nspname as view_schema, v.relname as view_name,
  tn.nspname as table_schema, t.relname as table_name, a.attname as column
from pg_depend d
join pg_rewrite r on r.oid = d.objid
join pg_class v on v.oid = r.ev_class join pg_namespace vn on vn.oid = v.relnamespace
join pg_class t on t.oid = d.refobjid join pg_namespace tn on tn.oid = t.relnamespace
join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
where d.classid = 'pg_rewrite'::regclass and d.refclassid = 'pg_class'::regclass
  and v.relkind in ('v', 'm') and t.oid <> v.oid and d.refobjsubid > 0 and vn.nspname = any($1)`;

export interface ViewColumnRow {
  view_schema: string;
  view_name: string;
  table_schema: string;
  table_name: string;
  column: string;
}

/**
 * For each base table, the views that expose a set of its columns under the same names. A view
 * column counts only when exactly one base table of the view has a column of that name, so a
 * join view never borrows a key it does not carry.
 */
function viewsOf(
  rows: ViewColumnRow[],
  tables: Map<string, Table>,
): Map<string, { view: QualifiedName; columns: Set<string> }[]> {
  const byView = new Map<string, ViewColumnRow[]>();
  for (const r of rows) {
    const key = qualified(r.view_schema, r.view_name);
    byView.set(key, [...(byView.get(key) ?? []), r]);
  }
  const out = new Map<string, { view: QualifiedName; columns: Set<string> }[]>();
  for (const [key, used] of byView) {
    const view = tables.get(key);
    if (!view) continue;
    const sources = new Map<string, Set<string>>();
    for (const r of used) {
      const names = sources.get(r.column) ?? new Set<string>();
      names.add(qualified(r.table_schema, r.table_name));
      sources.set(r.column, names);
    }
    const perTable = new Map<string, Set<string>>();
    for (const [column, from] of sources) {
      if (from.size !== 1 || !view.columnMap.has(column)) continue;
      const [table] = from;
      perTable.set(table, (perTable.get(table) ?? new Set()).add(column));
    }
    for (const [table, columns] of perTable) {
      const entry = { view: { schema: view.schema, name: view.name }, columns };
      out.set(table, [...(out.get(table) ?? []), entry]);
    }
  }
  return out;
}

/** The relationships of base tables, repeated for every view that carries the key columns. */
export function viewRelationships(
  direct: Relationship[],
  rows: ViewColumnRow[],
  tables: Map<string, Table>,
): Relationship[] {
  const views = viewsOf(rows, tables);
  const carrying = (name: QualifiedName, columns: string[]) => [
    { name, isView: tables.get(qualified(name.schema, name.name))?.isView ?? false },
    ...(views.get(qualified(name.schema, name.name)) ?? [])
      .filter((v) => columns.every((c) => v.columns.has(c)))
      .map((v) => ({ name: v.view, isView: true })),
  ];
  const out: Relationship[] = [];
  for (const r of direct) {
    const origins = carrying(
      r.table,
      r.columns.map(([c]) => c),
    );
    const targets = carrying(
      r.foreignTable,
      r.columns.map(([, c]) => c),
    );
    for (const o of origins)
      for (const t of targets) {
        if (o.name === r.table && t.name === r.foreignTable) continue;
        out.push({
          ...r,
          table: o.name,
          foreignTable: t.name,
          isSelf: qualified(o.name.schema, o.name.name) === qualified(t.name.schema, t.name.name),
          foreignIsView: t.isView,
        });
      }
  }
  return out;
}
