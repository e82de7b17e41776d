import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite, type QueryOptions } from "@electric-sql/pglite";
import { pgcrypto } from "@electric-sql/pglite/contrib/pgcrypto";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { uuid_ossp } from "@electric-sql/pglite/contrib/uuid_ossp";
import { initdbTemplate } from "./data-template";
import { claimDataFolder } from "./folder-lock";

export type { QueryOptions };

/** The rows a statement returned. */
export interface Results<T = Record<string, unknown>> {
  rows: T[];
}

/** One transaction on one connection; `rollback` ends it at once, and nothing of it is committed. */
export interface Transaction {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>>;
  /** Runs one or more statements with the simple protocol (no parameters). */
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
}

/** What PostgREST puts in the transaction settings of each request. */
export interface RequestSettings {
  role: string;
  claims: Record<string, unknown>;
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Extra `set_config` pairs, e.g. search_path. */
  extra?: Record<string, string>;
}

/**
 * What every service uses to reach the database, whichever engine is underneath: the embedded one
 * (PGlite, one connection in this process) or a PostgreSQL server (a pool of connections).
 */
export interface Database {
  readonly engine: "pglite" | "postgres";
  /** True when this open created the database (nothing was in it yet). */
  readonly created: boolean;
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` in one transaction as `settings.role`, with `request.jwt.claims`, `request.method`,
   * `request.path` and `request.headers` set as PostgREST sets them, so `auth.uid()`, `auth.jwt()`
   * and RLS policies see the caller. Any error rolls the whole transaction back.
   */
  asRole<T>(settings: RequestSettings, fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * The same database as a service's own role, as hosted services log in: Auth as
   * `supabase_auth_admin`, Storage as `supabase_storage_admin`. Statements run as that role and its
   * `asRole` switches from it, so Postgres checks both. The embedded database has one connection
   * as its superuser, so there it is the database itself.
   */
  forService(role: ServiceRole): Database;
  /**
   * Reads again the settings of each role the API may switch to (`alter role anon set
   * statement_timeout = '3s'`), which `asRole` applies, as PostgREST reloads them with its schema cache.
   */
  reloadRoleSettings(): Promise<void>;
  /** Calls `callback` with each NOTIFY payload on `channel`; resolves to a function that stops. */
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Runs a script of any statements on a session of its own as the database owner, as
   * postgres-meta does; a transaction the script leaves open is rolled back (`leftOpen`).
   */
  script(sql: string): Promise<{ rows: Record<string, unknown>[]; leftOpen: boolean }>;
  close(): Promise<void>;
}

/** The roles hosted services log in as, besides `authenticator`. */
export type ServiceRole = "supabase_auth_admin" | "supabase_storage_admin";

/** Per role, the settings `asRole` applies on a switch to it (statement_timeout above all). */
export type RoleSettings = Map<string, Record<string, string>>;

/**
 * PostgREST's queryRoleSettings: the user-settable settings of each role granted to the
 * authenticator (statement_timeout: anon 3s, authenticated 8s on Supabase).
 */
const ROLE_SETTINGS_SQL = `
select r.rolname as role, split_part(kv, '=', 1) as key, substr(kv, strpos(kv, '=') + 1) as value
from pg_auth_members m
join pg_roles r on r.oid = m.roleid
cross join unnest(r.rolconfig) kv
join pg_settings ps on ps.name = split_part(kv, '=', 1) and ps.context = 'user'
where m.member = (select oid from pg_roles where rolname = 'authenticator')
  and split_part(kv, '=', 1) not in ('default_transaction_isolation', 'search_path')`;

export async function readRoleSettings(
  query: (sql: string) => Promise<Results<{ role: string; key: string; value: string }>>,
): Promise<RoleSettings> {
  const settings: RoleSettings = new Map();
  for (const r of (await query(ROLE_SETTINGS_SQL)).rows)
    settings.set(r.role, { ...settings.get(r.role), [r.key]: r.value });
  return settings;
}

/**
 * One turn of the event loop. PGlite runs each statement synchronously on this thread and starts
 * the next queued one as soon as the last ends, so a busy database would keep the process from
 * reading its sockets until the whole queue is done: a Realtime broadcast, which needs no
 * database, would wait behind every store in line. Before each statement the process first reads
 * what has arrived, so such a message waits for one statement at most.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A transaction whose statements each wait for the event loop's next turn first. */
function takingTurns(tx: Transaction): Transaction {
  return {
    async query(sql, params, options) {
      await nextTurn();
      return tx.query(sql, params, options);
    },
    async exec(sql) {
      await nextTurn();
      return tx.exec(sql);
    },
    rollback: () => tx.rollback(),
  };
}

/**
 * The one PGlite instance. PGlite has a single connection and queues queries and transactions
 * itself, so every caller shares this object; a transaction holds the connection until it ends.
 * Calls made here are lined up once more, so that each starts only after the event loop's next
 * turn (`nextTurn`) following the end of the one before.
 */
export class PgliteDatabase implements Database {
  readonly engine = "pglite";
  private roleSettings: RoleSettings = new Map();

  private constructor(
    readonly pg: PGlite,
    /** True when this open created the database (no data folder, or an empty one). */
    readonly created: boolean,
    private readonly release: () => void,
  ) {}

  /**
   * Opens the database in `dataDir` (in memory when null). A new one starts as a copy of
   * `template` (by default the output of initdb) instead of running initdb.
   */
  static async open(
    dataDir: string | null,
    template: () => Promise<Blob> = initdbTemplate,
  ): Promise<PgliteDatabase> {
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    // One process at a time: a second one on the same folder would corrupt it.
    const release = dataDir ? claimDataFolder(dataDir) : () => {};
    try {
      const fresh = !dataDir || !existsSync(path.join(dataDir, "PG_VERSION"));
      const pg = await PGlite.create(dataDir ?? undefined, {
        // pg_trgm and unaccent: hosted Supabase offers both, and search uses them.
        extensions: { pgcrypto, uuid_ossp, pg_trgm, unaccent },
        loadDataDir: fresh ? await template() : undefined,
      });
      // As the CLI's Postgres has it for postgres, so migrations may call extension functions unqualified.
      await pg.exec(`set search_path to "$user", public, extensions`);
      return new PgliteDatabase(pg, fresh, release);
    } catch (err) {
      release();
      throw err;
    }
  }

  /** Every statement and transaction, in the order they were asked for, one after another. */
  private line: Promise<unknown> = Promise.resolve();

  /** Runs `op` once those asked for before it are done and the event loop has had a turn. */
  private inTurn<T>(op: () => Promise<T>): Promise<T> {
    const run = this.line.then(nextTurn).then(op);
    this.line = run.catch(() => {});
    return run;
  }

  query<T = Record<string, unknown>>(sql: string, params: unknown[] = [], options?: QueryOptions) {
    return this.inTurn(() => this.pg.query<T>(sql, params, options));
  }

  exec(sql: string) {
    return this.inTurn(() => this.pg.exec(sql));
  }

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.inTurn(() => this.pg.transaction((tx) => fn(takingTurns(tx))));
  }

  /**
   * Roles the authenticator was found able to switch to. Asked once per role rather than in every
   * request's transaction; forgotten whenever the roles may have changed (a schema reload, a script).
   */
  private switchable = new Set<string>();

  asRole<T>(settings: RequestSettings, fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.inTurn(() =>
      this.pg.transaction(async (raw) => {
        const tx = takingTurns(raw);
        if (!this.switchable.has(settings.role)) {
          await checkRoleSwitch(tx, settings.role);
          this.switchable.add(settings.role);
        }
        await setRequestSettings(tx, settings, this.roleSettings.get(settings.role));
        return fn(tx);
      }),
    );
  }

  forService(): Database {
    return this;
  }

  async reloadRoleSettings() {
    this.switchable.clear();
    this.roleSettings = await readRoleSettings((sql) => this.pg.query(sql));
  }

  listen(channel: string, callback: (payload: string) => void) {
    return this.pg.listen(channel, callback);
  }

  async script(sql: string) {
    try {
      const results = await this.pg.exec(sql);
      const leftOpen = await this.rolledBackIfLeftOpen();
      return { rows: results.at(-1)?.rows ?? [], leftOpen };
    } catch (err) {
      await this.rolledBackIfLeftOpen();
      throw err;
    } finally {
      // It may have created, dropped or granted roles.
      this.switchable.clear();
    }
  }

  /**
   * Every request shares PGlite's one connection, so a `begin` without `commit` would draw all
   * later requests into it. Inside a transaction block now() is the block's start, not this
   * statement's.
   */
  private async rolledBackIfLeftOpen(): Promise<boolean> {
    let open: boolean;
    try {
      // The simple protocol: outside a block its implicit transaction starts with this very statement.
      const [result] = await this.pg.exec("select now() <> statement_timestamp() as open");
      open = (result?.rows[0] as { open?: boolean } | undefined)?.open ?? false;
    } catch {
      // "current transaction is aborted": a block that failed and was never ended.
      open = true;
    }
    if (open) await this.pg.exec("rollback");
    return open;
  }

  async close() {
    try {
      await this.pg.close();
    } finally {
      this.release();
    }
  }
}

/**
 * Sets what PostgREST sets for a request, then the role last: first the role's own settings (its
 * statement_timeout), as PostgREST's pre-request does, then `extra` (search_path,
 * transaction_read_only), so the request's own win.
 */
export async function setRequestSettings(
  tx: Transaction,
  settings: RequestSettings,
  roleSettings: Record<string, string> = {},
): Promise<void> {
  const pairs: [string, string][] = [
    ...Object.entries(roleSettings),
    ["request.jwt.claims", JSON.stringify(settings.claims)],
    ["request.method", settings.method],
    ["request.path", settings.path],
    ["request.headers", JSON.stringify(settings.headers)],
    ...Object.entries(settings.extra ?? {}),
    ["role", settings.role],
  ];
  const sql = `select ${pairs.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(", ")}`;
  await tx.query(sql, pairs.flat());
}

/** A Postgres error as the server raises it, with its SQLSTATE. */
export class RoleSwitchError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * PostgREST connects as `authenticator` and may only switch to roles granted to it (anon,
 * authenticated, service_role). The embedded database runs as a superuser, so the check the
 * server would make is made here, with the errors Postgres gives.
 */
async function checkRoleSwitch(tx: Transaction, role: string): Promise<void> {
  const { rows } = await tx.query<{ found: boolean; granted: boolean }>(
    `select exists (select 1 from pg_roles where rolname = $1) as found,
            coalesce((select pg_has_role('authenticator', oid, 'MEMBER') from pg_roles where rolname = $1), false) as granted`,
    [role],
  );
  if (!rows[0]?.found) throw new RoleSwitchError("22023", `role "${role}" does not exist`);
  if (!rows[0].granted)
    throw new RoleSwitchError("42501", `permission denied to set role "${role}"`);
}
