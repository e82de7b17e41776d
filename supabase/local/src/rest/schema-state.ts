import type { Backend } from "../http";
import { loadSchemaCache } from "./schema-cache";
import type { SchemaCache } from "./schema-types";

/**
 * The schema cache of each running backend: loaded on first use (after migrations have run) and
 * reloaded on `NOTIFY pgrst, 'reload schema'`, as PostgREST listens on its channel.
 */
export class SchemaState {
  private readonly caches = new WeakMap<Backend, Promise<SchemaCache>>();

  get(backend: Backend): Promise<SchemaCache> {
    const known = this.caches.get(backend);
    if (known) return known;
    const loading = this.load(backend);
    this.caches.set(backend, loading);
    void backend.db.pg
      .listen("pgrst", (payload) => {
        if (payload === "reload schema" || payload === "")
          this.caches.set(backend, this.load(backend));
      })
      .catch((err: unknown) =>
        backend.log(`rest: could not listen for schema reloads: ${String(err)}`),
      );
    return loading;
  }

  private load(backend: Backend): Promise<SchemaCache> {
    const loading = loadSchemaCache(backend.db, backend.config.api.schemas);
    loading.catch(() => this.caches.delete(backend));
    return loading;
  }
}
