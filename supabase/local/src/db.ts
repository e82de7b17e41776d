import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pgcrypto } from "@electric-sql/pglite/contrib/pgcrypto";
import { uuid_ossp } from "@electric-sql/pglite/contrib/uuid_ossp";
import { initdbTemplate } from "./data-template";

export type { Transaction };

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
 * The one PGlite instance. PGlite has a single connection and queues queries and transactions
 * itself, so every caller shares this object; a transaction holds the connection until it ends.
 */
export class Database {
  private constructor(
    readonly pg: PGlite,
    /** True when this open created the database (no data folder, or an empty one). */
    readonly created: boolean,
  ) {}

  /**
   * Opens the database in `dataDir` (in memory when null). A new one starts as a copy of
   * `template` (by default the output of initdb) instead of running initdb.
   */
  static async open(
    dataDir: string | null,
    template: () => Promise<Blob> = initdbTemplate,
  ): Promise<Database> {
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    const fresh = !dataDir || !existsSync(path.join(dataDir, "PG_VERSION"));
    const pg = await PGlite.create(dataDir ?? undefined, {
      extensions: { pgcrypto, uuid_ossp },
      loadDataDir: fresh ? await template() : undefined,
    });
    // As the CLI's Postgres has it for postgres, so migrations may call extension functions unqualified.
    await pg.exec(`set search_path to "$user", public, extensions`);
    return new Database(pg, fresh);
  }

  query<T = Record<string, unknown>>(sql: string, params: unknown[] = []) {
    return this.pg.query<T>(sql, params);
  }

  exec(sql: string) {
    return this.pg.exec(sql);
  }

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.pg.transaction(fn);
  }

  /**
   * Runs `fn` in one transaction as `settings.role`, with `request.jwt.claims`, `request.method`,
   * `request.path` and `request.headers` set as PostgREST sets them, so `auth.uid()`, `auth.jwt()`
   * and RLS policies see the caller. Any error rolls the whole transaction back.
   */
  asRole<T>(settings: RequestSettings, fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.pg.transaction(async (tx) => {
      await checkRoleSwitch(tx, settings.role);
      const pairs: [string, string][] = [
        ["request.jwt.claims", JSON.stringify(settings.claims)],
        ["request.method", settings.method],
        ["request.path", settings.path],
        ["request.headers", JSON.stringify(settings.headers)],
        ...Object.entries(settings.extra ?? {}),
        ["role", settings.role],
      ];
      const sql = `select ${pairs.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(", ")}`;
      await tx.query(sql, pairs.flat());
      return fn(tx);
    });
  }

  close() {
    return this.pg.close();
  }
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
