import type { Database } from "../db";
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
  db: Database,
  schema: string,
  table: string,
  role: string,
): Promise<TableView | null> {
  try {
    const { rows } = await db.query<Column & { rls: boolean; bypass: boolean | null }>(
      `select a.attname as name, t.typname as type,
              has_column_privilege($3, c.oid, a.attnum, 'SELECT') as selectable,
              coalesce(a.attnum = any(i.indkey), false) as "isPkey",
              c.relrowsecurity as rls,
              (select r.rolbypassrls from pg_roles r where r.rolname = $3) as bypass
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
         join pg_type t on t.oid = a.atttypid
         left join pg_index i on i.indrelid = c.oid and i.indisprimary
        where n.nspname = $1 and c.relname = $2
        order by a.attnum`,
      [schema, table, role],
    );
    if (rows.length === 0) return null;
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

/**
 * Which of these rows (given by primary key) the role and claims may SELECT right now, checked
 * with one query as that role, as Realtime checks each change against RLS. Keys are the JSON
 * of the primary key values in column order.
 */
export async function visibleKeys(
  db: Database,
  schema: string,
  table: string,
  pkey: string[],
  role: string,
  claims: Claims,
  rows: Record<string, unknown>[],
): Promise<Set<string>> {
  const rel = `${ident(schema)}.${ident(table)}`;
  const cols = pkey.map((c) => `t.${ident(c)}`).join(", ");
  const xs = pkey.map((c) => `x.${ident(c)}`).join(", ");
  const sql = `select jsonb_build_array(${cols}) as k from ${rel} t
    where (${cols}) in (select ${xs} from jsonb_populate_recordset(null::${rel}, $1::jsonb) x)`;
  const keys = new Set<string>();
  try {
    await db.transaction(async (tx) => {
      await tx.query(
        "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true)",
        [role, JSON.stringify(claims), String(claims.sub ?? "")],
      );
      const { rows: found } = await tx.query<{ k: unknown[] }>(sql, [JSON.stringify(rows)]);
      for (const r of found) keys.add(JSON.stringify(r.k));
      await tx.rollback();
    });
  } catch {
    // A policy that fails for this caller hides the rows from it, as a failed check does on hosted.
  }
  return keys;
}

export function keyOf(pkey: string[], row: Record<string, unknown>): string {
  return JSON.stringify(pkey.map((c) => row[c] ?? null));
}
