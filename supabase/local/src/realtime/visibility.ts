import type { Database } from "../database/db";

/** What the checks need of the database: one statement at a time. */
export type Queryable = Pick<Database, "query">;
import type { Claims } from "./tokens";

export interface Column {
  name: string;
  type: string;
  selectable: boolean;
  isPkey: boolean;
}

/** What one role may see of one table: its columns, and whether RLS decides which rows. */
export interface TableView {
  columns: Column[];
  rls: boolean;
  bypassRls: boolean;
}

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

export async function tableView(
  db: Queryable,
  schema: string,
  table: string,
  role: string,
): Promise<TableView | null> {
  try {
    const { rows } = await db.query<
      Column & { rls: boolean; bypass: boolean | null; granted: boolean | null }
    >(
      `select a.attname as name, t.typname as type,
              has_column_privilege($3, c.oid, a.attnum, 'SELECT') as selectable,
              coalesce(a.attnum = any(i.indkey), false) as "isPkey",
              c.relrowsecurity as rls,
              (select r.rolbypassrls from pg_roles r where r.rolname = $3) as bypass,
              (select pg_has_role('supabase_realtime_admin', r.oid, 'MEMBER')
                 from pg_roles r where r.rolname = $3) as granted
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
         join pg_type t on t.oid = a.atttypid
         left join pg_index i on i.indrelid = c.oid and i.indisprimary
        where n.nspname = $1 and c.relname = $2
        order by a.attnum`,
      [schema, table, role],
    );
    // A role Realtime may not switch to (see checkRole) sees nothing.
    if (rows.length === 0 || rows[0].granted !== true) return null;
    const columns = rows.map(({ name, type, selectable, isPkey }) => ({
      name,
      type,
      selectable,
      isPkey,
    }));
    return { columns, rls: rows[0].rls, bypassRls: rows[0].bypass === true };
  } catch {
    // An unknown role in the claims: it can see nothing.
    return null;
  }
}

export interface Caller {
  role: string;
  claims: Claims;
}

/**
 * Which of these rows (given by primary key) each caller may SELECT right now: one statement
 * checks them all, each as its role with its claims. Keys are the JSON of the primary key values.
 */
export async function visibleKeys(
  db: Queryable,
  schema: string,
  table: string,
  pkey: string[],
  callers: Caller[],
  rows: Record<string, unknown>[],
): Promise<Set<string>[]> {
  const check = async (group: Caller[]) => {
    const { rows: out } = await db.query<{ v: unknown[][] }>(
      "select realtime.local_visible($1::regclass, $2::text[], $3::jsonb, $4::jsonb) as v",
      [
        `${ident(schema)}.${ident(table)}`,
        pkey,
        JSON.stringify(rows),
        JSON.stringify(group.map((c) => ({ role: c.role, claims: JSON.stringify(c.claims) }))),
      ],
    );
    return (out[0]?.v ?? []).map((keys) => new Set(keys.map((k) => JSON.stringify(k))));
  };
  try {
    return await check(callers);
  } catch {
    // A policy raised for some caller: check each alone, and a failing one sees nothing.
    const out: Set<string>[] = [];
    for (const c of callers)
      out.push(
        await check([c]).then(
          (r) => r[0] ?? new Set(),
          () => new Set(),
        ),
      );
    return out;
  }
}

export function keyOf(pkey: string[], row: Record<string, unknown>): string {
  return JSON.stringify(pkey.map((c) => row[c] ?? null));
}
