import { crc32 } from "node:zlib";
import type { Database } from "../database/db";
import type { ChangeEvent, PgSubscription } from "./changes";
import { FilterError, parseFilter, type Filter } from "./filters";
import { checkRole, isPgError } from "./policies";

/** One entry of the join's `config.postgres_changes`, as realtime-js sends it. */
export type ChangeParams = Record<string, unknown>;

export class SubscriptionError extends Error {}

const EVENTS = new Set(["*", "INSERT", "UPDATE", "DELETE"]);

function describe(p: ChangeParams, filters: Filter[], select: string[] | null): string {
  const f = filters.map((x) => `{"${x.column}", "${x.op}", "${x.values.join(",")}"}`);
  const sel = select ? `[${select.map((s) => `"${s}"`).join(", ")}]` : "nil";
  return `event: ${p.event ?? "*"}, schema: ${p.schema ?? "public"}, table: ${p.table ?? "*"}, filters: [${f.join(", ")}], select: ${sel}`;
}

/** The id realtime-js matches payloads with: a stable integer hash of the params, as hosted uses. */
export function subscriptionId(p: ChangeParams): number {
  const sorted = Object.keys(p)
    .sort()
    .map((k) => [k, p[k]]);
  return crc32(JSON.stringify(sorted)) >>> 5;
}

/** Parses the params as Realtime does; a malformed one is an error for the whole join. */
export function parseSubscription(p: ChangeParams): PgSubscription {
  const event = String(p.event ?? "*").toUpperCase();
  if (!EVENTS.has(event)) throw new SubscriptionError(`Error parsing event: ${String(p.event)}`);
  const schema = typeof p.schema === "string" ? p.schema : p.table ? "public" : null;
  const table = typeof p.table === "string" ? p.table : "*";
  if (!schema)
    throw new SubscriptionError(
      "No subscription params provided. Please provide at least a `schema` or `table` to subscribe to",
    );
  let filters: Filter[] = [];
  if (typeof p.filter === "string" && p.filter) {
    try {
      filters = [parseFilter(p.filter)];
    } catch (err) {
      if (err instanceof FilterError)
        throw new SubscriptionError(`Error parsing \`filter\` params: ${err.message}`);
      throw err;
    }
  }
  let select: string[] | null = null;
  if (p.select !== undefined) {
    if (!Array.isArray(p.select))
      throw new SubscriptionError(
        'Error parsing `select` params: expected a list of column name strings, e.g. select: ["col1", "col2"]',
      );
    const cols = p.select.filter((c): c is string => typeof c === "string");
    select = cols.length ? cols : null;
  }
  return { id: subscriptionId(p), event: event as ChangeEvent, schema, table, filters, select };
}

/**
 * What hosted checks when it records a subscription: the table is in the supabase_realtime
 * publication, and each filter and each selected column names a column the subscriber's role may
 * SELECT (realtime.subscription_check_filters), so a filter cannot probe a column it may not read.
 * Returns the error message, or null.
 */
export async function checkSubscription(
  db: Database,
  p: ChangeParams,
  s: PgSubscription,
  role: string,
): Promise<string | null> {
  const params = describe(p, s.filters, s.select);
  const failed = (exception: string) =>
    `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [${params}]. Exception: ${exception}`;
  try {
    return await checkColumns(db, s, role, params, failed);
  } catch (err) {
    // What the database refuses (a role it may not switch to, a name it cannot store) fails the
    // subscription, with the exception as Postgrex prints it.
    if (!isPgError(err)) throw err;
    const name = CONDITIONS[err.code];
    return failed(`ERROR ${err.code}${name ? ` (${name})` : ""} ${err.message}`);
  }
}

/** Names of the SQLSTATEs Postgrex prints, for the ones a subscription can meet. */
const CONDITIONS: Record<string, string> = {
  "22021": "character_not_in_repertoire",
  "22023": "invalid_parameter_value",
  "22P02": "invalid_text_representation",
  "42501": "insufficient_privilege",
  "54000": "program_limit_exceeded",
  P0001: "raise_exception",
};

async function checkColumns(
  db: Database,
  s: PgSubscription,
  role: string,
  params: string,
  failed: (exception: string) => string,
): Promise<string | null> {
  const like = (v: string) => (v === "*" ? "%" : v);
  const { rows } = await db.query<{ schemaname: string; tablename: string }>(
    `select schemaname, tablename from pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname like $1 escape '' and tablename like $2 escape ''`,
    [like(s.schema), like(s.table)],
  );
  if (rows.length === 0)
    return `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${params}]`;
  // A role Realtime may not switch to fails here (RoleError), worded below as Postgres words it.
  await checkRole(db, role);
  const wanted = [
    ...s.filters.map((f) => ["filter", f.column]),
    ...(s.select ?? []).map((c) => ["select", c]),
  ];
  if (wanted.length === 0) return null;
  const { rows: cols } = await db.query<{ name: string }>(
    `select a.attname as name from pg_attribute a
       join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relname = $2 and a.attnum > 0 and not a.attisdropped
        and has_column_privilege($3, c.oid, a.attnum, 'SELECT')`,
    [rows[0].schemaname, rows[0].tablename, role],
  );
  const readable = new Set(cols.map((c) => c.name));
  for (const [kind, column] of wanted)
    if (!readable.has(column))
      return failed(`ERROR P0001 (raise_exception) invalid column for ${kind} ${column}`);
  return null;
}
