import { qualified, type Relationship, type Table } from "./schema-types";
import {
  addViewPrimaryKeys,
  viewCarriers,
  viewRelationships,
  type ViewColumnRow,
} from "./view-relationships";

export interface ForeignKeyRow {
  name: string;
  type: string;
  schema: string;
  table: string;
  columns: string[];
  ref_schema: string | null;
  ref_table: string | null;
  ref_columns: string[];
}

const sameSet = (a: string[], b: string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/**
 * Many-to-one, one-to-many, one-to-one and many-to-many relationships, derived from foreign keys,
 * and the same relationships for views that carry the key columns (renamed or not). Views get the
 * primary key of the table they carry, so a view can be the junction of a many-to-many one too.
 */
export function buildRelationships(
  tables: Map<string, Table>,
  rows: ForeignKeyRow[],
  schemas: string[],
  viewColumns: ViewColumnRow[] = [],
): Map<string, Relationship[]> {
  const uniques = new Map<string, string[][]>();
  const primaryKeys = new Map<string, string[]>();
  for (const r of rows) {
    if (r.type === "f") continue;
    const key = qualified(r.schema, r.table);
    uniques.set(key, [...(uniques.get(key) ?? []), r.columns]);
    if (r.type === "p") primaryKeys.set(key, r.columns);
  }
  const carriers = viewCarriers(viewColumns);
  addViewPrimaryKeys(tables, carriers, primaryKeys);
  const exposed = (schema: string | null) => schema !== null && schemas.includes(schema);
  const isView = (schema: string, name: string) =>
    tables.get(qualified(schema, name))?.isView ?? false;

  const direct: Relationship[] = [];
  const forward: Relationship[] = [];
  for (const fk of rows) {
    if (fk.type !== "f" || !fk.ref_schema || !fk.ref_table) continue;
    const table = { schema: fk.schema, name: fk.table };
    const foreignTable = { schema: fk.ref_schema, name: fk.ref_table };
    const isSelf = fk.schema === fk.ref_schema && fk.table === fk.ref_table;
    const oneToOne = (uniques.get(qualified(fk.schema, fk.table)) ?? []).some((u) =>
      sameSet(u, fk.columns),
    );
    const pairs = fk.columns.map((c, i): [string, string] => [c, fk.ref_columns[i]]);
    const base = { isSelf, constraint: fk.name };
    const toParent: Relationship = {
      ...base,
      table,
      foreignTable,
      cardinality: oneToOne ? "o2o" : "m2o",
      columns: pairs,
      foreignIsView: isView(foreignTable.schema, foreignTable.name),
    };
    forward.push(toParent);
    direct.push(toParent);
    const toChild: Relationship = {
      ...base,
      table: foreignTable,
      foreignTable: table,
      cardinality: oneToOne ? "o2o" : "o2m",
      columns: pairs.map(([a, b]): [string, string] => [b, a]),
      foreignIsView: isView(table.schema, table.name),
    };
    direct.push(toChild);
  }

  const viewForward = viewRelationships(forward, carriers, tables);
  const throughViews = viewRelationships(direct, carriers, tables);
  const toParents = [...forward, ...viewForward];
  const manyToMany: Relationship[] = [];
  for (const a of toParents) {
    for (const b of toParents) {
      if (
        a.constraint === b.constraint ||
        qualified(a.table.schema, a.table.name) !== qualified(b.table.schema, b.table.name)
      )
        continue;
      const junction = tables.get(qualified(a.table.schema, a.table.name));
      const used = [...a.columns.map(([c]) => c), ...b.columns.map(([c]) => c)];
      if (!junction || !used.every((c) => junction.primaryKey.includes(c))) continue;
      manyToMany.push({
        table: a.foreignTable,
        foreignTable: b.foreignTable,
        isSelf:
          qualified(a.foreignTable.schema, a.foreignTable.name) ===
          qualified(b.foreignTable.schema, b.foreignTable.name),
        cardinality: "m2m",
        constraint: a.constraint,
        columns: [],
        junction: {
          table: a.table,
          constraint1: a.constraint,
          constraint2: b.constraint,
          sourceColumns: a.columns,
          targetColumns: b.columns,
        },
        foreignIsView: isView(b.foreignTable.schema, b.foreignTable.name),
      });
    }
  }

  const out = new Map<string, Relationship[]>();
  for (const r of [...direct, ...manyToMany, ...throughViews]) {
    if (!exposed(r.table.schema) || !exposed(r.foreignTable.schema)) continue;
    if (r.junction && !exposed(r.junction.table.schema)) continue;
    const key = qualified(r.table.schema, r.table.name);
    out.set(key, [...(out.get(key) ?? []), r]);
  }
  return out;
}
