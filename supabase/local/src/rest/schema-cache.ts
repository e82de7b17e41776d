import type { Database } from "../database/db";
import { buildRelationships, type ForeignKeyRow } from "./relationships";
import { VIEW_COLUMNS_SQL, type ViewColumnRow } from "./view-relationships";
import {
  qualified,
  type Column,
  type DbSettings,
  type Relationship,
  type Routine,
  type SchemaCache,
  type Table,
} from "./schema-types";

const TABLES_SQL = `
select n.nspname as schema, c.relname as name, c.relkind::text as kind,
  obj_description(c.oid, 'pg_class') as description,
  (c.relkind in ('r','p') or (pg_relation_is_updatable(c.oid, true) & 8) = 8) as insertable,
  (c.relkind in ('r','p') or (pg_relation_is_updatable(c.oid, true) & 4) = 4) as updatable,
  (c.relkind in ('r','p') or (pg_relation_is_updatable(c.oid, true) & 16) = 16) as deletable,
  coalesce((select json_agg(json_build_object(
      'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'nullable', not a.attnotnull,
      'default', pg_get_expr(d.adbin, d.adrelid), 'generated', a.attidentity <> '' or a.attgenerated <> '',
      'description', col_description(c.oid, a.attnum),
      'enumValues', coalesce((select json_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = a.atttypid), '[]'),
      'maxLength', case when a.atttypmod > 4 and a.atttypid in (1042, 1043) then a.atttypmod - 4 end
    ) order by a.attnum)
    from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
  coalesce((select json_agg(a.attname order by k.o)
    from pg_constraint con, unnest(con.conkey) with ordinality k(n, o)
    join pg_attribute a on a.attrelid = c.oid and a.attnum = k.n
    where con.conrelid = c.oid and con.contype = 'p'), '[]') as primary_key
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = any($1) and c.relkind in ('r','v','m','f','p')`;

const CONSTRAINTS_SQL = `
select con.conname as name, con.contype::text as type, n.nspname as schema, c.relname as table,
  array(select a.attname from unnest(con.conkey) with ordinality k(n, o)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.o) as columns,
  fn.nspname as ref_schema, fc.relname as ref_table,
  array(select a.attname from unnest(con.confkey) with ordinality k(n, o)
        join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.o) as ref_columns
from pg_constraint con
join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
left join pg_class fc on fc.oid = con.confrelid left join pg_namespace fn on fn.oid = fc.relnamespace
-- Keys between unexposed tables still matter when an exposed view carries their columns.
where con.contype in ('f','p','u') and n.nspname not in ('pg_catalog', 'information_schema')
order by con.conname`;

const ROUTINES_SQL = `
select n.nspname as schema, p.proname as name, p.proretset as returns_set,
  format_type(p.prorettype, null) as return_type, rt.typtype::text as return_typtype,
  rn.nspname as return_rel_schema, rc.relname as return_rel_name, rc.relkind::text as return_rel_kind,
  p.provolatile::text as volatility, p.pronargs as nargs, p.pronargdefaults as ndefaults,
  p.provariadic <> 0 as variadic, obj_description(p.oid, 'pg_proc') as description,
  coalesce(p.proargnames, '{}') as arg_names, coalesce(p.proargmodes::text[], '{}') as arg_modes,
  array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, o) order by o) as arg_types
from pg_proc p join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
left join pg_class rc on rc.oid = rt.typrelid left join pg_namespace rn on rn.oid = rc.relnamespace
where n.nspname = any($1) and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype
order by p.oid`;

/** Functions of one row-type argument returning a row type: PostgREST's computed relationships. */
const COMPUTED_SQL = `
with relations as (select reltype from pg_class where relkind in ('v','r','m','f','p'))
select pn.nspname as schema, p.proname as name,
  an.nspname as table_schema, a.typname as table_name,
  rn.nspname as foreign_schema, r.typname as foreign_name,
  not p.proretset or p.prorows = 1 as single_row
from pg_proc p
join pg_namespace pn on pn.oid = p.pronamespace
join pg_type a on a.oid = p.proargtypes[0] join pg_namespace an on an.oid = a.typnamespace
join pg_type r on r.oid = p.prorettype join pg_namespace rn on rn.oid = r.typnamespace
where p.pronargs = 1 and p.proargtypes[0] in (select reltype from relations)
  and p.prorettype in (select reltype from relations)
order by p.oid`;

interface ComputedRow {
  schema: string;
  name: string;
  table_schema: string;
  table_name: string;
  foreign_schema: string;
  foreign_name: string;
  single_row: boolean;
}

function computedRelationship(r: ComputedRow, tables: Map<string, Table>): Relationship {
  const table = { schema: r.table_schema, name: r.table_name };
  const foreignTable = { schema: r.foreign_schema, name: r.foreign_name };
  return {
    table,
    foreignTable,
    isSelf:
      qualified(table.schema, table.name) === qualified(foreignTable.schema, foreignTable.name),
    cardinality: r.single_row ? "m2o" : "o2m",
    constraint: r.name,
    columns: [],
    foreignIsView: tables.get(qualified(foreignTable.schema, foreignTable.name))?.isView ?? false,
    computed: { schema: r.schema, name: r.name },
  };
}

/** The authenticator's `pgrst.*` settings; a database-specific one overrides one for every database. */
const SETTINGS_SQL = `
select split_part(kv, '=', 1) as key, substr(kv, strpos(kv, '=') + 1) as value
from pg_db_role_setting s, unnest(s.setconfig) kv
where s.setrole = (select oid from pg_roles where rolname = 'authenticator')
  and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
  and kv like 'pgrst.%'
order by s.setdatabase`;

const truthy = (v: string | undefined) =>
  v !== undefined && ["true", "on", "yes", "1"].includes(v.trim().toLowerCase());

async function loadSettings(db: Database): Promise<DbSettings> {
  const rows = (await db.query<{ key: string; value: string }>(SETTINGS_SQL)).rows;
  const values = new Map(rows.map((r) => [r.key, r.value]));
  // Each role's own settings (statement_timeout) are the database layer's to apply on a switch;
  // PostgREST reloads them with its schema cache, so they are reloaded here too.
  await db.reloadRoleSettings();
  return {
    aggregatesEnabled: truthy(values.get("pgrst.db_aggregates_enabled")),
    planEnabled: truthy(values.get("pgrst.db_plan_enabled")),
  };
}

interface TableRow {
  schema: string;
  name: string;
  kind: string;
  description: string | null;
  insertable: boolean;
  updatable: boolean;
  deletable: boolean;
  columns: Column[];
  primary_key: string[];
}

interface RoutineRow {
  schema: string;
  name: string;
  returns_set: boolean;
  return_type: string;
  return_typtype: string;
  return_rel_schema: string | null;
  return_rel_name: string | null;
  volatility: string;
  nargs: number;
  ndefaults: number;
  variadic: boolean;
  description: string | null;
  arg_names: string[];
  arg_modes: string[];
  arg_types: string[];
}

function toRoutine(r: RoutineRow): Routine {
  const params: Routine["params"] = [];
  let outParams = 0;
  r.arg_types.forEach((type, i) => {
    const mode = r.arg_modes[i] ?? "i";
    if (mode === "o" || mode === "t") {
      outParams++;
      return;
    }
    params.push({ name: r.arg_names[i] ?? "", type, hasDefault: false, variadic: mode === "v" });
  });
  for (let i = params.length - r.ndefaults; i < params.length; i++)
    if (i >= 0) params[i].hasDefault = true;
  const composite = r.return_typtype === "c" || (r.return_type === "record" && outParams > 0);
  return {
    schema: r.schema,
    name: r.name,
    params,
    returnType: r.return_type,
    returnsSet: r.returns_set,
    returnKind: r.return_type === "void" ? "void" : composite ? "composite" : "scalar",
    returnRelation:
      r.return_rel_schema && r.return_rel_name
        ? { schema: r.return_rel_schema, name: r.return_rel_name }
        : null,
    volatility: r.volatility === "i" ? "immutable" : r.volatility === "s" ? "stable" : "volatile",
    description: r.description,
  };
}

const WHOLE_BODY_TYPES = ["bytea", "json", "jsonb", "text", "xml"];

/** PostgREST lists only functions with named inputs, or one unnamed input that can take a whole body. */
function callable(r: RoutineRow): boolean {
  const unnamed = r.arg_types.filter(
    (_, i) => !["o", "t"].includes(r.arg_modes[i] ?? "i") && !r.arg_names[i],
  );
  if (unnamed.length === 0) return true;
  return unnamed.length === 1 && WHOLE_BODY_TYPES.includes(unnamed[0]);
}

/** Reads tables, views, columns, keys, relationships and functions of the exposed schemas. */
export async function loadSchemaCache(db: Database, schemas: string[]): Promise<SchemaCache> {
  const tableRows = (await db.query<TableRow>(TABLES_SQL, [schemas])).rows;
  const constraintRows = (await db.query<ForeignKeyRow>(CONSTRAINTS_SQL)).rows;
  const routineRows = (await db.query<RoutineRow>(ROUTINES_SQL, [schemas])).rows;
  const computedRows = (await db.query<ComputedRow>(COMPUTED_SQL)).rows;
  const viewRows = (await db.query<ViewColumnRow>(VIEW_COLUMNS_SQL, [schemas])).rows;

  const tables = new Map<string, Table>();
  for (const r of tableRows) {
    tables.set(qualified(r.schema, r.name), {
      schema: r.schema,
      name: r.name,
      isView: r.kind === "v" || r.kind === "m",
      insertable: r.insertable,
      updatable: r.updatable,
      deletable: r.deletable,
      columns: r.columns,
      columnMap: new Map(r.columns.map((c) => [c.name, c])),
      primaryKey: r.primary_key,
      description: r.description,
    });
  }
  const routines = new Map<string, Routine[]>();
  for (const r of routineRows) {
    if (!callable(r)) continue;
    const key = qualified(r.schema, r.name);
    routines.set(key, [...(routines.get(key) ?? []), toRoutine(r)]);
  }
  const relationships = buildRelationships(tables, constraintRows, schemas, viewRows);
  for (const row of computedRows) {
    if (!schemas.includes(row.table_schema) || !schemas.includes(row.foreign_schema)) continue;
    const key = qualified(row.table_schema, row.table_name);
    relationships.set(key, [...(relationships.get(key) ?? []), computedRelationship(row, tables)]);
  }
  return { schemas, settings: await loadSettings(db), tables, relationships, routines };
}
