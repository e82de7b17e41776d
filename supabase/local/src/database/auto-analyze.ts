import type { Database } from "./db";

/**
 * Autovacuum's analyze, for the embedded database. A PostgreSQL server (and hosted Supabase) keeps
 * planner statistics current in the background; PGlite runs no background workers, so without
 * this its tables are never analyzed: every table looks empty to the planner, which then picks
 * nested loops over thousands of rows (a tag's view of 1,000 notes took seconds instead of tens of
 * milliseconds). PGlite does not report changes per table either (pg_stat_user_tables stays at
 * zero), so a table's growth is read from its size on disk against the size its last analyze saw:
 * a table is analyzed once it has grown by a tenth (autovacuum's analyze_scale_factor) and by more
 * than a few pages since. Checked at start and then every `everyMs`, one table at a time.
 *
 * PGlite runs the analyze on its one thread, so every request waits for it: at the default
 * statistics target (100, a sample of 30,000 rows) analyzing 10,000 notes held every request for
 * up to a second, and one call of a timed loop took 1.3 s. The sample is a tenth of that
 * (`default_statistics_target` 10, 3,000 rows: the default before PostgreSQL 8.4), enough for the
 * planner to tell a table of ten rows from one of ten thousand; and the next table waits until the
 * requests queued meanwhile have run.
 *
 * The check runs every 5 seconds: it reads only the catalog and file sizes (a few milliseconds),
 * and until a table filled by an import is analyzed, queries over it plan as if it were empty (a
 * tag's view right after 20,000 tags were written took 1.2 s a call, 30 ms once analyzed).
 */
export const AUTO_ANALYZE_EVERY_MS = 5_000;

/** The statistics target of the embedded database's analyze (PostgreSQL's default is 100). */
export const AUTO_ANALYZE_STATISTICS_TARGET = 10;

/** Tables grown past their statistics: never analyzed with data in them, or grown by a tenth. */
const GROWN_TABLES = `
  select pg_catalog.format('%I.%I', n.nspname, c.relname) as name
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   where c.relkind in ('r', 'm')
     and n.nspname not in ('pg_catalog', 'information_schema')
     and n.nspname !~ '^pg_(toast|temp)'
     and pg_catalog.pg_relation_size(c.oid)
         / pg_catalog.current_setting('block_size')::integer > c.relpages * 1.1 + 4
   order by pg_catalog.pg_relation_size(c.oid) desc`;

export function startAutoAnalyze(
  db: Database,
  log: (message: string) => void,
  everyMs = AUTO_ANALYZE_EVERY_MS,
): () => Promise<void> {
  if (db.engine !== "pglite") return async () => {};
  let stopped = false;
  let running: Promise<void> | null = null;
  const run = () => {
    if (running || stopped) return;
    running = (async () => {
      const { rows } = await db.query<{ name: string }>(GROWN_TABLES);
      for (const { name } of rows) {
        if (stopped) return;
        await db.transaction(async (tx) => {
          await tx.exec(
            `set local default_statistics_target = ${AUTO_ANALYZE_STATISTICS_TARGET}; analyze ${name}`,
          );
        });
        // Requests that arrived during the analyze go before the next table's.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })()
      .catch((err: unknown) => log(`analyze failed: ${String(err)}`))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
