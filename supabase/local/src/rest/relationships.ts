import { qualified, type Relationship, type Table } from "./schema-types";
import { viewRelationships, type ViewColumnRow } from "./view-relationships";

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
 * and the same relationships for views that carry the key columns.
 */
export function buildRelationships(
  tables: Map<string, Table>,
  rows: ForeignKeyRow[],
  schemas: string[],
  viewColumns: ViewColumnRow[] = [],
): Map<string, Relationship[]> {
  const uniques = new Map<string, string[][]>();
  for (const r of rows) {
    if (r.type === "f") continue;
    const key = qualified(r.schema, r.table);
    uniques.set(key, [...(uniques.get(key) ?? []), r.columns]);
  }
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
    direct.push({
      ...base,
      table: foreignTable,
      foreignTable: table,
      cardinality: oneToOne ? "o2o" : "o2m",
      columns: pairs.map(([a, b]): [string, string] => [b, a]),
      foreignIsView: isView(table.schema, table.name),
    });
  }

  const manyToMany: Relationship[] = [];
  for (const a of forward) {
    for (const b of forward) {
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
  const throughViews = viewRelationships(direct, viewColumns, tables);
  for (const r of [...direct, ...manyToMany, ...throughViews]) {
    if (!exposed(r.table.schema) || !exposed(r.foreignTable.schema)) continue;
    if (r.junction && !exposed(r.junction.table.schema)) continue;
    const key = qualified(r.table.schema, r.table.name);
    out.set(key, [...(out.get(key) ?? []), r]);
  }
  return out;
}
