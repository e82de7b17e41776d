import { qualified, type QualifiedName, type Relationship, type Table } from "./schema-types";

/**
 * Where each view column comes from: the target entries of the view's rewrite rule name the
 * relation and column behind every plain column reference (resorigtbl, resorigcol), under the
 * view's own column name, as PostgREST's key-dependency query reads them. An entry counts only when
 * its position and name are the view's own column, which leaves out subqueries' target lists.
 * Only the exposed schemas' views are read, and the views they are built on.
 */
export const VIEW_COLUMNS_SQL = `
with recursive wanted(oid) as (
  select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('v', 'm') and n.nspname = any($1)
  union
  select d.refobjid from wanted w
  join pg_rewrite r on r.ev_class = w.oid
  join pg_depend d on d.objid = r.oid and d.classid = 'pg_rewrite'::regclass
    and d.refclassid = 'pg_class'::regclass
  join pg_class c on c.oid = d.refobjid and c.relkind in ('v', 'm')
),
-- Materialized, so the regular expression reads only these rules and not every system view's.
rules as materialized (
  select r.ev_class, r.ev_action::text as action from wanted w join pg_rewrite r on r.ev_class = w.oid
)
select distinct vn.nspname as view_schema, v.relname as view_name, va.attname as view_column,
  tn.nspname as table_schema, t.relname as table_name, ta.attname as column
from rules r
join pg_class v on v.oid = r.ev_class join pg_namespace vn on vn.oid = v.relnamespace
cross join lateral regexp_matches(r.action,
  ':resno (\\d+) :resname ((?:[^\\s\\\\]|\\\\.)+) :ressortgroupref \\d+ :resorigtbl (\\d+) :resorigcol (\\d+)', 'g') m
join pg_attribute va on va.attrelid = v.oid and va.attnum = m[1]::int
  and va.attname = regexp_replace(m[2], '\\\\(.)', '\\1', 'g')
join pg_class t on t.oid = m[3]::oid join pg_namespace tn on tn.oid = t.relnamespace
join pg_attribute ta on ta.attrelid = t.oid and ta.attnum = m[4]::int
where m[3] <> '0'`;

export interface ViewColumnRow {
  view_schema: string;
  view_name: string;
  view_column: string;
  table_schema: string;
  table_name: string;
  column: string;
}

/** A view that carries some of a base table's columns, each under one or more names. */
interface Carrier {
  view: QualifiedName;
  names: Map<string, string[]>;
}

/** For each base table, the views over it, following views over views down to the table. */
export function viewCarriers(rows: ViewColumnRow[]): Map<string, Carrier[]> {
  const origin = new Map<string, Map<string, [string, string]>>();
  const views = new Map<string, QualifiedName>();
  for (const r of rows) {
    const key = qualified(r.view_schema, r.view_name);
    const columns = origin.get(key) ?? new Map<string, [string, string]>();
    columns.set(r.view_column, [qualified(r.table_schema, r.table_name), r.column]);
    origin.set(key, columns);
    views.set(key, { schema: r.view_schema, name: r.view_name });
  }
  const base = (rel: string, column: string): [string, string] => {
    for (let depth = 0; depth < 16 && origin.get(rel)?.has(column); depth++)
      [rel, column] = origin.get(rel)!.get(column)!;
    return [rel, column];
  };
  const out = new Map<string, Carrier[]>();
  for (const [key, columns] of origin) {
    const view = views.get(key)!;
    const perTable = new Map<string, Map<string, string[]>>();
    for (const [viewColumn, [rel, column]] of columns) {
      const [table, tableColumn] = base(rel, column);
      const names = perTable.get(table) ?? new Map<string, string[]>();
      names.set(tableColumn, [...(names.get(tableColumn) ?? []), viewColumn]);
      perTable.set(table, names);
    }
    for (const [table, names] of perTable)
      out.set(table, [...(out.get(table) ?? []), { view, names }]);
  }
  return out;
}

/** Every way of naming `columns` through a carrier: one list per combination of its names. */
function renamings(names: Map<string, string[]>, columns: string[]): string[][] {
  let lists: string[][] = [[]];
  for (const c of columns) {
    const options = names.get(c) ?? [];
    lists = lists.flatMap((l) => options.map((o) => [...l, o]));
  }
  return lists;
}

/** A view's primary key: its base tables' keys, when the view carries every column of one. */
export function addViewPrimaryKeys(
  tables: Map<string, Table>,
  carriers: Map<string, Carrier[]>,
  keys: Map<string, string[]>,
): void {
  const found = new Map<string, string[]>();
  for (const [table, list] of carriers) {
    const pk = keys.get(table);
    if (!pk?.length) continue;
    for (const { view, names } of list) {
      const [named] = renamings(names, pk);
      if (!named) continue;
      const key = qualified(view.schema, view.name);
      found.set(key, [...(found.get(key) ?? []), ...named]);
    }
  }
  for (const [key, pk] of found) {
    const view = tables.get(key);
    if (view?.isView && !view.primaryKey.length) view.primaryKey = pk;
  }
}

/**
 * The relationships of base tables, repeated for every view that carries the key columns (under
 * whatever names the view gives them), on either side or both.
 */
export function viewRelationships(
  direct: Relationship[],
  carriers: Map<string, Carrier[]>,
  tables: Map<string, Table>,
): Relationship[] {
  const sides = (name: QualifiedName, columns: string[]) => [
    {
      name,
      isView: tables.get(qualified(name.schema, name.name))?.isView ?? false,
      lists: [columns],
      base: true,
    },
    ...(carriers.get(qualified(name.schema, name.name)) ?? []).map((c) => ({
      name: c.view,
      isView: true,
      lists: renamings(c.names, columns),
      base: false,
    })),
  ];
  const out: Relationship[] = [];
  for (const r of direct) {
    const origins = sides(
      r.table,
      r.columns.map(([c]) => c),
    );
    const targets = sides(
      r.foreignTable,
      r.columns.map(([, c]) => c),
    );
    for (const o of origins)
      for (const t of targets) {
        if (o.base && t.base) continue;
        for (const oc of o.lists)
          for (const tc of t.lists)
            out.push({
              ...r,
              table: o.name,
              foreignTable: t.name,
              columns: oc.map((c, i): [string, string] => [c, tc[i]]),
              isSelf:
                qualified(o.name.schema, o.name.name) === qualified(t.name.schema, t.name.name),
              foreignIsView: t.isView,
            });
      }
  }
  return out;
}
