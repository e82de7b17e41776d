import { CallerError } from "../keys/keys";
import { json, readJson, BodyError, type Service } from "../http";

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
      const { rows, leftOpen } = await backend.db.script(query);
      if (leftOpen) {
        return json({ error: "the query left a transaction open; it was rolled back" }, 400);
      }
      return json(rows);
    } catch (err) {
      const e = err as Error & { code?: string; position?: string };
      return json({ error: e.message, code: e.code, position: e.position }, 400);
    }
  };
}
