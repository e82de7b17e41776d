/** What `supabase gen types typescript` reads from the catalogs: tables, views, functions, enums. */

export interface ColumnInfo {
  name: string;
  type: string;
  isArray: boolean;
  nullable: boolean;
  hasDefault: boolean;
  /** Generated always (stored or identity) columns: never written. */
  generated: boolean;
  /** Identity by default: optional. */
  identity: boolean;
}

export interface RelationshipInfo {
  name: string;
  columns: string[];
  isOneToOne: boolean;
  referencedRelation: string;
  referencedColumns: string[];
}

export interface RelationInfo {
  name: string;
  isView: boolean;
  columns: ColumnInfo[];
  relationships: RelationshipInfo[];
}

export interface FunctionArg {
  name: string;
  type: string;
  isArray: boolean;
  hasDefault: boolean;
  nullable?: boolean;
}

export interface FunctionInfo {
  name: string;
  args: FunctionArg[];
  returnType: string;
  returnsArray: boolean;
  returnsSet: boolean;
  /** Columns of `returns table (...)` or of the table whose rows it returns. */
  returnColumns: FunctionArg[] | null;
}

export interface SchemaInfo {
  relations: RelationInfo[];
  functions: FunctionInfo[];
  enums: Record<string, string[]>;
}

export type Query = <T>(sql: string, params: unknown[]) => Promise<T[]>;

const COLUMNS_SQL = `
select c.relname as relation, c.relkind in ('v', 'm') as is_view, a.attname as name,
  coalesce(et.typname, t.typname) as type, t.typcategory = 'A' as is_array,
  not a.attnotnull as nullable, a.atthasdef as has_default,
  a.attgenerated <> '' or a.attidentity = 'a' as generated, a.attidentity = 'd' as identity
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
join pg_type t on t.oid = a.atttypid
left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm')
order by c.relname, a.attnum`;

const FOREIGN_KEYS_SQL = `
select con.conname as name, c.relname as relation, fc.relname as referenced_relation,
  array(select attname from unnest(con.conkey) with ordinality k(n, i)
        join pg_attribute on attrelid = con.conrelid and attnum = k.n order by k.i) as columns,
  array(select attname from unnest(con.confkey) with ordinality k(n, i)
        join pg_attribute on attrelid = con.confrelid and attnum = k.n order by k.i) as referenced_columns,
  exists (select 1 from pg_constraint u where u.conrelid = con.conrelid and u.contype in ('p', 'u')
          and u.conkey::int2[] @> con.conkey::int2[] and u.conkey::int2[] <@ con.conkey::int2[]) as one_to_one
from pg_constraint con
join pg_class c on c.oid = con.conrelid
join pg_class fc on fc.oid = con.confrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_namespace fn on fn.oid = fc.relnamespace
where con.contype = 'f' and n.nspname = $1 and fn.nspname = $1
order by c.relname, con.conname`;

const FUNCTIONS_SQL = `
select p.proname as name, p.proretset as returns_set, p.pronargdefaults as n_defaults,
  coalesce(ret_el.typname, ret.typname) as return_type, ret.typcategory = 'A' as returns_array,
  ret.typtype = 'c' as returns_composite, ret_rel.relname as return_relation,
  coalesce(p.proargnames, '{}') as arg_names,
  coalesce(p.proargmodes::text[], array_fill('i'::text, array[p.pronargs])) as arg_modes,
  array(select coalesce(et.typname, t.typname) || case when t.typcategory = 'A' then '[]' else '' end
        from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality a(oid, i)
        join pg_type t on t.oid = a.oid left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
        order by a.i) as arg_types
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type ret on ret.oid = p.prorettype
left join pg_type ret_el on ret_el.oid = ret.typelem and ret.typcategory = 'A'
left join pg_class ret_rel on ret_rel.oid = ret.typrelid and ret.typtype = 'c'
where n.nspname = $1 and p.prokind = 'f' and ret.typname not in ('trigger', 'event_trigger')
order by p.proname, p.oid`;

const ENUMS_SQL = `
select t.typname as name, array_agg(e.enumlabel order by e.enumsortorder) as values
from pg_type t join pg_enum e on e.enumtypid = t.oid join pg_namespace n on n.oid = t.typnamespace
where n.nspname = $1 group by t.typname order by t.typname`;

type Row = Record<string, unknown>;

function arg(name: string, type: string, hasDefault: boolean): FunctionArg {
  const isArray = type.endsWith("[]");
  return { name, type: isArray ? type.slice(0, -2) : type, isArray, hasDefault };
}

export async function readSchema(query: Query, schema = "public"): Promise<SchemaInfo> {
  const columns = await query<Row>(COLUMNS_SQL, [schema]);
  const keys = await query<Row>(FOREIGN_KEYS_SQL, [schema]);
  const relations = new Map<string, RelationInfo>();
  for (const c of columns) {
    const name = c.relation as string;
    if (!relations.has(name))
      relations.set(name, { name, isView: c.is_view as boolean, columns: [], relationships: [] });
    relations.get(name)!.columns.push({
      name: c.name as string,
      type: c.type as string,
      isArray: c.is_array as boolean,
      nullable: c.nullable as boolean,
      hasDefault: c.has_default as boolean,
      generated: c.generated as boolean,
      identity: c.identity as boolean,
    });
  }
  for (const k of keys) {
    relations.get(k.relation as string)?.relationships.push({
      name: k.name as string,
      columns: k.columns as string[],
      isOneToOne: k.one_to_one as boolean,
      referencedRelation: k.referenced_relation as string,
      referencedColumns: k.referenced_columns as string[],
    });
  }
  const functions: FunctionInfo[] = (await query<Row>(FUNCTIONS_SQL, [schema])).map((f) => {
    const names = f.arg_names as string[];
    const modes = f.arg_modes as string[];
    const types = f.arg_types as string[];
    const inputs = types.flatMap((t, i) => (["i", "b", "v"].includes(modes[i]) ? [i] : []));
    const firstDefault = inputs.length - (f.n_defaults as number);
    const args = inputs.map((i, n) => arg(names[i] ?? "", types[i], n >= firstDefault));
    const outs = types.flatMap((t, i) =>
      ["o", "b", "t"].includes(modes[i]) ? [arg(names[i] ?? "", t, false)] : [],
    );
    const relation = f.return_relation ? relations.get(f.return_relation as string) : undefined;
    return {
      name: f.name as string,
      args,
      returnType: f.return_type as string,
      returnsArray: f.returns_array as boolean,
      returnsSet: f.returns_set as boolean,
      returnColumns:
        outs.length > 0
          ? outs
          : relation
            ? relation.columns.map((c) => ({ ...c, hasDefault: false }))
            : null,
    };
  });
  const enums: Record<string, string[]> = {};
  for (const e of await query<Row>(ENUMS_SQL, [schema]))
    enums[e.name as string] = e.values as string[];
  return { relations: [...relations.values()], functions, enums };
}
