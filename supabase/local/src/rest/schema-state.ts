import type { Backend } from "../http";
import { loadSchemaCache } from "./schema-cache";
import type { SchemaCache } from "./schema-types";

interface Entry {
  cache: Promise<SchemaCache> | null;
}

/**
 * The schema cache of each running backend: loaded on first use (after migrations have run) and
 * dropped on `NOTIFY pgrst, 'reload schema'` or `'reload config'` (the first sent by the DDL event triggers, as on hosted
 * Supabase), so the next request loads it again. Dropping instead of reloading at once keeps a
 * script of many DDL statements from loading the cache once per statement.
 */
export class SchemaState {
  private readonly entries = new WeakMap<Backend, Entry>();

  get(backend: Backend): Promise<SchemaCache> {
    let entry = this.entries.get(backend);
    if (!entry) {
      const created: Entry = { cache: null };
      entry = created;
      this.entries.set(backend, created);
      void backend.db
        .listen("pgrst", (payload) => {
          if (["reload schema", "reload config", ""].includes(payload)) created.cache = null;
        })
        .catch((err: unknown) =>
          backend.log(`rest: could not listen for schema reloads: ${String(err)}`),
        );
    }
    entry.cache ??= this.load(backend, entry);
    return entry.cache;
  }

  private load(backend: Backend, entry: Entry): Promise<SchemaCache> {
    const loading = loadSchemaCache(backend.db, backend.config.api.schemas);
    loading.catch(() => {
      if (entry.cache === loading) entry.cache = null;
    });
    return loading;
  }
}
