import type { Transaction } from "../../database/db";
import type { Backend } from "../../http";
import type { Caller } from "../../keys/keys";
import { RestError } from "../errors";
import type { Preferences } from "../request/prefer";
import type { SchemaCache } from "../schema-types";
import { ident } from "../sql/fragment";

/** One request to /rest/v1 after the caller, schema and preferences are known. */
export interface RestContext {
  req: Request;
  url: URL;
  /** The path below /rest/v1, e.g. "/notes" or "/rpc/fn". */
  path: string;
  backend: Backend;
  cache: SchemaCache;
  caller: Caller;
  schema: string;
  /** Set when Accept-Profile/Content-Profile chose the schema; the response then names it. */
  negotiatedByProfile: boolean;
  prefer: Preferences;
}

/** What every statement returns in its one row. */
export interface StatementRow {
  total: number | string | null;
  page_total: number | string;
  body: string | null;
  response_headers: string | null;
  response_status: string | null;
  inserted?: number | string | null;
  location?: string | null;
}

/** Every parameter goes to Postgres as text and is parsed there by the type it is compared with. */
export const asText = new Proxy({} as Record<number, (v: unknown) => string>, {
  get: () => (v: unknown) => String(v),
});

export function searchPath(ctx: RestContext): string {
  const list = [
    ctx.schema,
    ...ctx.backend.config.api.extraSearchPath.filter((s) => s !== ctx.schema),
  ];
  return list.map(ident).join(", ");
}

/**
 * Runs `fn` in one transaction as the caller's role with PostgREST's request settings; errors
 * roll back, and so does `Prefer: tx=rollback` once the response is built.
 */
export function inTransaction<T>(
  ctx: RestContext,
  readOnly: boolean,
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const headers: Record<string, string> = {};
  ctx.req.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  // The role's own settings (statement_timeout) are applied by the database layer on the switch.
  const extra: Record<string, string> = {};
  extra.search_path = searchPath(ctx);
  if (readOnly) extra.transaction_read_only = "on";
  return ctx.backend.db.asRole(
    {
      role: ctx.caller.role,
      claims: ctx.caller.claims,
      method: ctx.req.method,
      path: ctx.path,
      headers,
      extra,
    },
    async (tx) => {
      const result = await fn(tx);
      if (ctx.prefer.tx === "rollback") await tx.rollback();
      return result;
    },
  );
}

export async function runStatement(
  tx: Transaction,
  sql: string,
  params: (string | null)[],
): Promise<StatementRow> {
  const result = await tx.query<StatementRow>(sql, params, { serializers: asText });
  return (
    result.rows[0] ?? {
      total: null,
      page_total: 0,
      body: null,
      response_headers: null,
      response_status: null,
    }
  );
}

export const toCount = (v: number | string | null | undefined): number | null =>
  v === null || v === undefined ? null : Number(v);

/** Applies `response.status` and `response.headers` set by the SQL that ran, as PostgREST does. */
export function applyGucs(row: StatementRow, status: number, headers: Headers): number {
  if (row.response_headers) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(row.response_headers);
    } catch {
      parsed = null;
    }
    const valid =
      Array.isArray(parsed) &&
      parsed.every(
        (h) =>
          h &&
          typeof h === "object" &&
          Object.keys(h).length === 1 &&
          typeof Object.values(h)[0] === "string",
      );
    if (!valid) {
      throw new RestError(
        500,
        "PGRST111",
        "response.headers guc must be a JSON array composed of objects with a single key and a string value",
      );
    }
    for (const h of parsed as Record<string, string>[]) {
      const [k, v] = Object.entries(h)[0];
      headers.set(k, v);
    }
  }
  if (row.response_status) {
    const s = Number(row.response_status);
    if (!Number.isInteger(s) || s < 100 || s > 599)
      throw new RestError(500, "PGRST112", "response.status guc must be a valid status code");
    return s;
  }
  return status;
}

export function profileHeader(ctx: RestContext, headers: Headers): void {
  if (ctx.negotiatedByProfile) headers.set("content-profile", ctx.schema);
}

/** PostgREST's canonical query string: parameters sorted by name. */
export function canonicalQuery(url: URL): string {
  const entries = [...url.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(entries).toString();
}
