import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { bootstrap } from "./bootstrap";
import { PgliteDatabase, type Transaction } from "./db";
import { applyMigrations } from "./migrations";
import { DatabaseRefusedError, ServerDatabase } from "./server-db";

/**
 * What moves from the embedded database to a server: the people (users, their identities, MFA
 * factors and passkeys, the OAuth apps they registered and allowed), Storage's buckets and
 * objects' rows, and every table in public. Sessions stay behind (people sign in again); so does
 * what the backend keeps for itself (the realtime queue, the inbox).
 */
const AUTH_AND_STORAGE = [
  "auth.users",
  "auth.identities",
  "auth.mfa_factors",
  "auth.webauthn_credentials",
  "auth.oauth_clients",
  "auth.oauth_consents",
  "storage.buckets",
  "storage.objects",
];

/** Rows read and written at a time. */
const PAGE = 500;

export interface MoveInOptions {
  /** The embedded database's data folder (the backend's data folder). */
  from: string;
  /** The PostgreSQL database to move into, as a superuser; it must hold nothing of the backend's yet. */
  dbUrl: string;
  /** The project's supabase folder: its migrations make the tables on the server. */
  supabaseDir: string;
  /** Bootstrap a server database that already holds something else. */
  adopt?: boolean;
  log?: (message: string) => void;
}

export interface MovedTable {
  table: string;
  rows: number;
}

const ident = (qualified: string) =>
  qualified
    .split(".")
    .map((p) => pg.escapeIdentifier(p))
    .join(".");

/**
 * Copies the people, app data and Storage rows of an embedded database into a PostgreSQL
 * database, which is bootstrapped and migrated first as the backend would. Files stay in the data
 * folder's storage/ (the backend on the server reads them there). All in one transaction: a
 * failure leaves the server database without any of the rows.
 */
export async function moveIn(options: MoveInOptions): Promise<MovedTable[]> {
  const log = options.log ?? (() => {});
  if (!existsSync(path.join(options.from, "PG_VERSION")))
    throw new DatabaseRefusedError(`there is no embedded database in ${options.from}.`);
  const source = await PgliteDatabase.open(options.from);
  let target: ServerDatabase | null = null;
  try {
    target = await ServerDatabase.open(options.dbUrl, {
      poolSize: 2,
      adopt: options.adopt ?? false,
      log,
    });
    await bootstrap(target);
    for (const file of await applyMigrations(target, options.supabaseDir, log))
      log(`Applied migration ${file}`);
    await sameMigrations(source, target);

    const { rows: publicTables } = await source.query<{ name: string }>(
      `select format('public.%s', c.relname) as name from pg_class c
       where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') order by 1`,
    );
    const tables = [...AUTH_AND_STORAGE, ...publicTables.map((r) => r.name)];
    // A database bootstrapped by this move-in holds only what its migrations wrote.
    const fresh = target.created;
    const moved: MovedTable[] = [];
    await target.transaction(async (tx) => {
      // As pg_dump's --disable-triggers: rows arrive as they were, with no trigger adding to them
      // (a profile made for each new user, the realtime queue) and references checked as a whole.
      await tx.query("set local session_replication_role = replica");
      for (const table of tables) {
        const columns = await sharedColumns(source, tx, table);
        if (!columns) continue;
        const { rows: held } = await tx.query<{ n: number }>(
          `select count(*)::int as n from ${ident(table)}`,
        );
        if (held[0].n > 0) {
          // Rows a migration wrote (a settings row, say) are in the embedded database too, where
          // the same migrations ran: those give way to the embedded database's own. Anything else
          // is somebody's data, and nothing is moved over it.
          const made = fresh || (await heldRowsAreIn(source, tx, table, columns));
          if (!made)
            throw new DatabaseRefusedError(
              `${table} in the server database already holds ${held[0].n} rows; move into a database that holds no data yet.`,
            );
          await tx.query(`delete from ${ident(table)}`);
        }
        const list = columns.map((c) => pg.escapeIdentifier(c)).join(", ");
        let count = 0;
        for (let offset = 0; ; offset += PAGE) {
          const { rows } = await source.query<{ page: string | null }>(
            `select json_agg(t)::text as page from
               (select ${list} from ${ident(table)} order by ctid limit ${PAGE} offset ${offset}) t`,
          );
          const page = rows[0]?.page;
          if (!page) break;
          const { rows: n } = await tx.query<{ n: number }>(
            `with put as (
               insert into ${ident(table)} (${list}) overriding system value
               select ${list} from json_populate_recordset(null::${ident(table)}, $1::json)
               returning 1)
             select count(*)::int as n from put`,
            [page],
          );
          count += n[0].n;
        }
        await resetSequences(tx, table);
        moved.push({ table, rows: count });
      }
    });
    return moved;
  } finally {
    await target?.close();
    await source.close();
  }
}

type Queryable = { query: Transaction["query"] };

/** Whether every row `table` holds on the server is a row the embedded database holds too. */
async function heldRowsAreIn(
  source: Queryable,
  target: Queryable,
  table: string,
  columns: string[],
): Promise<boolean> {
  const list = columns.map((c) => pg.escapeIdentifier(c)).join(", ");
  const sql = `select row_to_json(t)::text as r from (select ${list} from ${ident(table)} limit 1001) t`;
  const held = await target.query<{ r: string }>(sql);
  if (held.rows.length > 1000) return false;
  const theirs = new Set((await source.query<{ r: string }>(sql)).rows.map((row) => row.r));
  return held.rows.every((row) => theirs.has(row.r));
}

/**
 * The columns a table has on both sides that may be written (no generated ones); null when the
 * table is on one side only.
 */
async function sharedColumns(
  source: Queryable,
  target: Queryable,
  table: string,
): Promise<string[] | null> {
  const sql = `select coalesce(array_agg(a.attname::text order by a.attnum), '{}') as cols
    from pg_attribute a where a.attrelid = to_regclass($1) and a.attnum > 0
      and not a.attisdropped and a.attgenerated = ''`;
  const exists = `select to_regclass($1) is not null as found`;
  for (const db of [source, target]) {
    const { rows } = await db.query<{ found: boolean }>(exists, [table]);
    if (!rows[0].found) return null;
  }
  const [a, b] = await Promise.all(
    [source, target].map(async (db) => (await db.query<{ cols: string[] }>(sql, [table])).rows[0]),
  );
  const there = new Set(b.cols);
  return a.cols.filter((c) => there.has(c));
}

/** Serial and identity columns continue after the highest value moved in. */
async function resetSequences(tx: Queryable, table: string): Promise<void> {
  const { rows } = await tx.query<{ seq: string; col: string }>(
    `select pg_get_serial_sequence($1, a.attname) as seq, a.attname::text as col
     from pg_attribute a
     where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
       and pg_get_serial_sequence($1, a.attname) is not null`,
    [table],
  );
  for (const { seq, col } of rows)
    await tx.query(
      `select pg_catalog.setval($1, coalesce(max(${pg.escapeIdentifier(col)})::bigint, 1), max(${pg.escapeIdentifier(col)}) is not null) from ${ident(table)}`,
      [seq],
    );
}

/** The server must have every migration the data folder had, so each moved row has its columns. */
async function sameMigrations(source: Queryable, target: Queryable): Promise<void> {
  const sql = "select version from supabase_migrations.schema_migrations order by 1";
  const had = (await source.query<{ version: string }>(sql)).rows.map((r) => r.version);
  const has = new Set((await target.query<{ version: string }>(sql)).rows.map((r) => r.version));
  const missing = had.filter((v) => !has.has(v));
  if (missing.length)
    throw new DatabaseRefusedError(
      `the data folder's database has migrations this project does not: ${missing.join(", ")}. Move in from the project that made it.`,
    );
}
