import type { Database } from "./db";
import { CallerError } from "./keys";
import { json, readJson, BodyError, type Service } from "./http";

/** postgres-meta's `POST /pg/query`: runs SQL as the database owner, for the secret key only. */
export function createPgService(): Service {
  return async (req, { backend, path, url }) => {
    if (path !== "/query") return json({ error: "Route not found" }, 404);
    if (req.method !== "POST") return json({ error: "Method not allowed" }, 405);
    try {
      const caller = await backend.keys.resolveCaller(req.headers, url.searchParams);
      if (caller.role !== "service_role") return json({ error: "Unauthorized" }, 401);
    } catch (err) {
      if (err instanceof CallerError) return json({ error: "Unauthorized" }, 401);
      throw err;
    }
    let body: unknown;
    try {
      body = await readJson(req, 10 * 1024 * 1024);
    } catch (err) {
      if (err instanceof BodyError)
        return json({ error: err.message }, err.kind === "too_large" ? 413 : 400);
      throw err;
    }
    const query = (body as { query?: unknown } | undefined)?.query;
    if (typeof query !== "string") return json({ error: "query must be a string" }, 400);
    try {
      const results = await backend.db.pg.exec(query);
      if (await rolledBackIfLeftOpen(backend.db)) {
        return json({ error: "the query left a transaction open; it was rolled back" }, 400);
      }
      return json(results.at(-1)?.rows ?? []);
    } catch (err) {
      await rolledBackIfLeftOpen(backend.db);
      const e = err as Error & { code?: string; position?: string };
      return json({ error: e.message, code: e.code, position: e.position }, 400);
    }
  };
}

/**
 * Every request shares PGlite's one connection, so a `begin` without `commit` would draw all later
 * requests into it. Inside a transaction block now() is the block's start, not this statement's.
 */
async function rolledBackIfLeftOpen(db: Database): Promise<boolean> {
  let open: boolean;
  try {
    // The simple protocol: outside a block its implicit transaction starts with this very statement.
    const [result] = await db.exec("select now() <> statement_timestamp() as open");
    open = (result?.rows[0] as { open?: boolean } | undefined)?.open ?? false;
  } catch {
    // "current transaction is aborted": a block that failed and was never ended.
    open = true;
  }
  if (open) await db.exec("rollback");
  return open;
}
