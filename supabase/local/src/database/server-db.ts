import pg from "pg";
import { DatabaseRefusedError } from "./refused";
import type {
  Database,
  QueryOptions,
  RequestSettings,
  Results,
  RoleSettings,
  ServiceRole,
  Transaction,
} from "./db";
import { readRoleSettings, setRequestSettings } from "./db";

const { Pool, Client, types } = pg;
type PoolClient = pg.PoolClient;

/** Connections each pool keeps at most unless SUPABASE_LOCAL_DB_POOL_SIZE says otherwise. */
export const DEFAULT_POOL_SIZE = 10;

export { DatabaseRefusedError };

const parseDate = (v: string): unknown =>
  v === "infinity" ? Infinity : v === "-infinity" ? -Infinity : new Date(v);
const parseInt8 = (v: string): unknown => {
  const n = BigInt(v);
  return n < Number.MIN_SAFE_INTEGER || n > Number.MAX_SAFE_INTEGER ? n : Number(n);
};

/**
 * Postgres's text form of an array, `{a,"b c",NULL,{d}}`, with each element given to `parse`.
 * Every array type is read so (PGlite reads all of them, whatever the element type).
 */
export function parseArray(text: string, parse: (v: string) => unknown): unknown[] {
  let i = 0;
  // A leading dimension decoration such as "[0:1]=" is skipped.
  if (text[0] === "[") i = text.indexOf("=") + 1;
  const list = (): unknown[] => {
    const out: unknown[] = [];
    i++; // "{"
    if (text[i] === "}") return (i++, out);
    for (;;) {
      if (text[i] === "{") out.push(list());
      else if (text[i] === '"') {
        let v = "";
        i++;
        while (text[i] !== '"') {
          if (text[i] === "\\") i++;
          v += text[i++];
        }
        i++;
        out.push(parse(v));
      } else {
        const start = i;
        while (text[i] !== "," && text[i] !== "}") i++;
        const v = text.slice(start, i);
        out.push(v === "NULL" ? null : parse(v));
      }
      if (text[i++] === "}") return out;
    }
  };
  return list();
}

/**
 * Values come back as PGlite gives them, so every service reads the same shapes on both engines:
 * int8 a number while it is exact, date and timestamps a Date, bytea a Uint8Array, interval and
 * geometric types their text, and arrays of any type (`arrays` maps each array type to its
 * element type) as arrays of those.
 */
function typeParser(oid: number, arrays: Map<number, number>): (v: string) => unknown {
  switch (oid) {
    case 20:
      return parseInt8;
    case 1082:
    case 1114:
    case 1184:
      return parseDate;
    case 17: {
      const base = types.getTypeParser(17) as (v: string) => Buffer;
      return (v) => {
        const b = base(v);
        return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
      };
    }
    case 600:
    case 601:
    case 602:
    case 603:
    case 604:
    case 628:
    case 718:
    case 1186:
      return (v) => v;
  }
  const element = arrays.get(oid);
  if (element !== undefined) {
    const parse = typeParser(element, arrays);
    return (v) => parseArray(v, parse);
  }
  return types.getTypeParser(oid as never) as (v: string) => unknown;
}

function typesFor(arrays: Map<number, number>, options?: QueryOptions): pg.CustomTypesConfig {
  const own = options?.parsers;
  return {
    getTypeParser: ((oid: number) =>
      own?.[oid] ? (v: string) => own[oid](v) : typeParser(oid, arrays)) as never,
  } as pg.CustomTypesConfig;
}

type Queryable = Pick<pg.Pool, "query"> | PoolClient | pg.Client;

/** Array types and their element types, as read from pg_type (the built-in ones to start with). */
type ArrayTypes = Map<number, number>;

async function run<T>(
  on: Queryable,
  arrays: ArrayTypes,
  sql: string,
  params: unknown[] = [],
  options?: QueryOptions,
): Promise<Results<T>> {
  const result = await (on as PoolClient).query({
    text: sql,
    values: params,
    types: typesFor(arrays, options),
  });
  return { rows: result.rows as T[] };
}

async function runScript(on: Queryable, arrays: ArrayTypes, sql: string): Promise<Results[]> {
  const result = (await (on as PoolClient).query({ text: sql, types: typesFor(arrays) })) as
    pg.QueryResult | pg.QueryResult[];
  return (Array.isArray(result) ? result : [result]).map((r) => ({ rows: r.rows ?? [] }));
}

class ServerTransaction implements Transaction {
  ended = false;
  constructor(
    private readonly client: PoolClient,
    private readonly arrays: ArrayTypes,
  ) {}

  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions) {
    if (this.ended) return Promise.reject(new Error("the transaction has already ended"));
    return run<T>(this.client, this.arrays, sql, params, options);
  }

  exec(sql: string) {
    if (this.ended) return Promise.reject(new Error("the transaction has already ended"));
    return runScript(this.client, this.arrays, sql);
  }

  async rollback() {
    if (this.ended) return;
    this.ended = true;
    await this.client.query("rollback");
  }
}

export interface ServerOptions {
  /** Connections each pool keeps at most. */
  poolSize: number;
  log: (message: string) => void;
}

/** A role's connection string: the owner's server and database, with that role and password. */
export function roleUrl(url: string, role: string, password: string): string {
  const u = new URL(url);
  u.username = encodeURIComponent(role);
  u.password = encodeURIComponent(password);
  return u.toString();
}

/** The password the service roles log in with: the owner's own, as the Supabase CLI does, or "postgres". */
export function rolePassword(url: string): string {
  const u = new URL(url);
  return u.password ? decodeURIComponent(u.password) : "postgres";
}

/** The roles that log in with a password once the database is bootstrapped. */
const LOGIN_ROLES = ["authenticator", "supabase_auth_admin", "supabase_storage_admin"] as const;

/**
 * The local backend on a PostgreSQL server, reached as hosted services reach it: a pool as the
 * database owner for bootstrap, migrations, the realtime queue and postgres-meta; once the roles
 * exist, a pool as `authenticator` for every request made as a caller (REST, Realtime
 * authorization), and one each as `supabase_auth_admin` (Auth) and `supabase_storage_admin`
 * (Storage), so Postgres itself checks each role switch and each grant. Each request holds one
 * connection for its transaction only; a slow one delays nothing else.
 */
export class ServerDatabase implements Database {
  readonly engine = "postgres";
  private pools = new Map<(typeof LOGIN_ROLES)[number], pg.Pool>();
  private views = new Map<ServiceRole, ServiceDatabase>();
  private roleSettings: RoleSettings = new Map();
  private listener: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly channels = new Map<string, Set<(payload: string) => void>>();
  private closed = false;
  readonly arrays: ArrayTypes = new Map();

  private constructor(
    readonly url: string,
    private readonly owner: pg.Pool,
    private readonly options: ServerOptions,
    readonly created: boolean,
  ) {}

  static async open(
    url: string,
    options: ServerOptions & { adopt: boolean },
  ): Promise<ServerDatabase> {
    // As the CLI's Postgres has it for postgres, so migrations may call extension functions unqualified.
    const owner = newPool(url, options.poolSize, options.log, "postgres", {
      options: '-c search_path="$user",public,extensions',
    });
    try {
      const created = await claim(owner, url, options.adopt);
      const db = new ServerDatabase(url, owner, options, created);
      await db.readTypes();
      return db;
    } catch (err) {
      await owner.end();
      throw err;
    }
  }

  /** Reads every array type's element type again (migrations may have made new ones). */
  async readTypes(): Promise<void> {
    const { rows } = await this.owner.query<{ oid: number; elem: number }>(
      "select oid::int as oid, typelem::int as elem from pg_type where typelem <> 0 and typcategory = 'A'",
    );
    for (const r of rows) this.arrays.set(r.oid, r.elem);
  }

  /**
   * After bootstrap and migrations: the login roles get the owner's password, as the Supabase CLI
   * gives them theirs, and a pool each; from then on every service works as its own role.
   */
  async connectRoles(): Promise<void> {
    const password = rolePassword(this.url);
    const pools = new Map<(typeof LOGIN_ROLES)[number], pg.Pool>();
    try {
      for (const role of LOGIN_ROLES) {
        await this.owner.query(
          `alter role ${pg.escapeIdentifier(role)} with login password ${pg.escapeLiteral(password)}`,
        );
        const pool = newPool(
          roleUrl(this.url, role, password),
          this.options.poolSize,
          this.options.log,
          role,
        );
        pools.set(role, pool);
        await pool.query("select 1").catch((err: Error) => {
          throw new DatabaseRefusedError(
            `could not connect as ${role}: ${err.message}. The server must accept password logins (md5 or scram-sha-256) for the service roles.`,
          );
        });
      }
    } catch (err) {
      for (const pool of pools.values()) await pool.end();
      throw err;
    }
    for (const pool of this.pools.values()) await pool.end();
    this.pools = pools;
    await this.readTypes();
    await this.reloadRoleSettings();
  }

  /** The server's major version (15 for PostgreSQL 15.x). */
  async majorVersion(): Promise<number> {
    const { rows } = await this.owner.query<{ v: string }>(
      "select current_setting('server_version_num') as v",
    );
    return Math.floor(Number(rows[0].v) / 10000);
  }

  async reloadRoleSettings() {
    this.roleSettings = await readRoleSettings((sql) => this.owner.query(sql));
  }

  /** Runs `fn` as `settings.role`, switched to from `from`'s connection, with that role's settings. */
  switchFrom<T>(
    from: (typeof LOGIN_ROLES)[number],
    settings: RequestSettings,
    fn: (tx: Transaction) => Promise<T>,
  ): Promise<T> {
    const pool = this.pool(from);
    return inTransaction(pool, this.arrays, async (tx) => {
      await setRequestSettings(tx, settings, this.roleSettings.get(settings.role));
      return fn(tx);
    });
  }

  /** The pool of a login role; an error before `connectRoles`. */
  pool(role: (typeof LOGIN_ROLES)[number]): pg.Pool {
    const pool = this.pools.get(role);
    if (!pool) throw new Error("the service roles are not connected yet");
    return pool;
  }

  forService(role: ServiceRole): Database {
    let view = this.views.get(role);
    if (!view) this.views.set(role, (view = new ServiceDatabase(this, role)));
    return view;
  }

  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions) {
    return run<T>(this.owner, this.arrays, sql, params, options);
  }

  exec(sql: string) {
    return runScript(this.owner, this.arrays, sql);
  }

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return inTransaction(this.owner, this.arrays, fn);
  }

  asRole<T>(settings: RequestSettings, fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.switchFrom("authenticator", settings, fn);
  }

  async listen(channel: string, callback: (payload: string) => void) {
    let set = this.channels.get(channel);
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
      const client = await this.listenerClient();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    }
    set.add(callback);
    return async () => {
      set.delete(callback);
    };
  }

  async script(sql: string) {
    const client = await this.owner.connect();
    let broken: Error | undefined;
    try {
      const results = await runScript(client, this.arrays, sql).catch(async (err: unknown) => {
        await client.query("rollback").catch((e: Error) => (broken = e));
        throw err;
      });
      const { rows } = await client.query<{ open: boolean }>(
        "select now() <> statement_timestamp() as open",
      );
      const leftOpen = rows[0]?.open ?? false;
      if (leftOpen) await client.query("rollback");
      return { rows: results.at(-1)?.rows ?? [], leftOpen };
    } catch (err) {
      // "current transaction is aborted": a block that failed and was never ended.
      if ((err as { code?: string }).code === "25P02") {
        await client.query("rollback").catch((e: Error) => (broken = e));
        return { rows: [], leftOpen: true };
      }
      throw err;
    } finally {
      // A session the script changed (set role, temp tables) is not handed to anyone else.
      client.release(broken ?? true);
    }
  }

  private listenerClient(): Promise<pg.Client> {
    if (this.listener) return Promise.resolve(this.listener);
    this.connecting ??= (async () => {
      const client = new Client({ connectionString: this.url, application_name: "local-backend" });
      client.on("notification", (n) => {
        for (const cb of this.channels.get(n.channel) ?? []) cb(n.payload ?? "");
      });
      client.on("error", (err) => {
        this.options.log(`database: the notification connection failed: ${err.message}`);
        this.listener = null;
        client.end().catch(() => {});
        if (!this.closed) setTimeout(() => void this.relisten(), 1000).unref();
      });
      await client.connect();
      this.listener = client;
      this.connecting = null;
      return client;
    })();
    const connecting = this.connecting;
    connecting.catch(() => {
      if (this.connecting === connecting) this.connecting = null;
    });
    return connecting;
  }

  /** After a lost connection: listen again, and tell every listener (something may have been missed). */
  private async relisten(): Promise<void> {
    if (this.closed) return;
    try {
      const client = await this.listenerClient();
      for (const channel of this.channels.keys())
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      for (const set of this.channels.values()) for (const cb of set) cb("");
    } catch {
      setTimeout(() => void this.relisten(), 1000).unref();
    }
  }

  async close() {
    this.closed = true;
    await this.listener?.end().catch(() => {});
    for (const pool of this.pools.values()) await pool.end();
    await this.owner.end();
  }
}

/**
 * The server database as one service's login role: its statements run on that role's pool, and
 * its `asRole` switches from that role (which hosted grants anon, authenticated and service_role
 * to for Storage, and nothing to for Auth). Notifications and scripts are the owner's.
 */
class ServiceDatabase implements Database {
  readonly engine = "postgres";

  constructor(
    private readonly server: ServerDatabase,
    private readonly role: ServiceRole,
  ) {}

  get created() {
    return this.server.created;
  }

  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions) {
    return run<T>(this.server.pool(this.role), this.server.arrays, sql, params, options);
  }

  exec(sql: string) {
    return runScript(this.server.pool(this.role), this.server.arrays, sql);
  }

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return inTransaction(this.server.pool(this.role), this.server.arrays, fn);
  }

  asRole<T>(settings: RequestSettings, fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.server.switchFrom(this.role, settings, fn);
  }

  forService(role: ServiceRole): Database {
    return this.server.forService(role);
  }

  reloadRoleSettings() {
    return this.server.reloadRoleSettings();
  }

  listen(channel: string, callback: (payload: string) => void) {
    return this.server.listen(channel, callback);
  }

  script(sql: string) {
    return this.server.script(sql);
  }

  /** The pools are the server database's; they close with it. */
  async close() {}
}

function newPool(
  url: string,
  max: number,
  log: (m: string) => void,
  name: string,
  extra: pg.PoolConfig = {},
): pg.Pool {
  const pool = new Pool({
    ...extra,
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    application_name: `local-backend ${name}`,
  });
  // An idle connection the server closed (a restart, an admin) is dropped; the next query opens another.
  pool.on("error", (err) => log(`database: an idle ${name} connection failed: ${err.message}`));
  return pool;
}

async function inTransaction<T>(
  pool: pg.Pool,
  arrays: ArrayTypes,
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  const tx = new ServerTransaction(client, arrays);
  let broken: Error | undefined;
  try {
    await client.query("begin");
    const result = await fn(tx);
    if (!tx.ended) {
      tx.ended = true;
      await client.query("commit");
    }
    return result;
  } catch (err) {
    if (!tx.ended) {
      tx.ended = true;
      await client.query("rollback").catch((e: Error) => (broken = e));
    }
    throw err;
  } finally {
    client.release(broken);
  }
}

/**
 * Whether this database is the backend's to bootstrap: true for an empty one (the first start),
 * false for one it bootstrapped before. One that already holds other schemas or tables is refused,
 * so a wrong URL never has the backend's roles, schemas and migrations written into it, unless
 * `adopt` says to.
 */
async function claim(pool: pg.Pool, url: string, adopt: boolean): Promise<boolean> {
  const { rows } = await pool.query<{ ours: boolean; super: boolean; other: string[] }>(
    `select exists (select 1 from pg_namespace where nspname = 'supabase_local') as ours,
            (select rolsuper from pg_roles where rolname = current_user) as super,
            array(
              select format('schema %I', nspname) from pg_namespace
              where nspname not in ('public', 'information_schema', 'pg_toast')
                and nspname not like 'pg\\_%'
              union all
              select format('table %I.%I', n.nspname, c.relname) from pg_class c
              join pg_namespace n on n.oid = c.relnamespace
              where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
              order by 1 limit 5
            ) as other`,
  );
  const { ours, super: isSuper, other } = rows[0];
  const where = new URL(url);
  const named = `${where.pathname.slice(1) || "postgres"} on ${where.host}`;
  if (!isSuper)
    throw new DatabaseRefusedError(
      `the database ${named} must be reached as a superuser (the owner that runs the bootstrap and migrations).`,
    );
  if (ours) return false;
  if (other.length && !adopt)
    throw new DatabaseRefusedError(
      `the database ${named} already holds ${other.join(", ")}${other.length === 5 ? ", …" : ""}, and the local backend did not create it. Point SUPABASE_DB_URL at an empty database, or pass --adopt-database (SUPABASE_DB_ADOPT=true) to bootstrap it anyway.`,
    );
  // Marks the database as the backend's before anything else is written, so a start that stops
  // half-way is resumed next time instead of refused.
  await pool.query(
    "create schema if not exists supabase_local; comment on schema supabase_local is 'The local backend''s own tables: bootstrap state, inbox, the realtime change queue''s helpers.'",
  );
  return true;
}
