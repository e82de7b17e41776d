import type { Database } from "./db";

/**
 * The jobs hosted Supabase runs with pg_cron (scheduled by a migration where the extension is
 * loaded), run here by the backend itself: PGlite and a plain PostgreSQL have no pg_cron. Each job
 * runs at start and then every `everyMs`, once its function exists (a project without the
 * migration has nothing to run), one run at a time; a failure is logged and tried again next time.
 */
export type ScheduledJob = {
  name: string;
  /** The function the job calls, as `to_regprocedure` names it. */
  fn: string;
  sql: string;
  everyMs: number;
};

const HOUR = 60 * 60 * 1000;

/** supabase/migrations/20261126130000_purge_expired_trash_on_schedule.sql, hourly. */
export const SCHEDULED_JOBS: ScheduledJob[] = [
  {
    name: "purge-expired-trash",
    fn: "public.purge_expired_trash()",
    sql: "select public.purge_expired_trash()",
    everyMs: HOUR,
  },
  /** supabase/migrations/20261127100000_note_versions.sql, hourly. */
  {
    name: "thin-note-history",
    fn: "public.thin_note_history(integer,integer)",
    sql: "select public.thin_note_history()",
    everyMs: HOUR,
  },
];

/** Starts the jobs; the function returned stops them and waits for a run under way. */
export function startScheduledJobs(
  db: Database,
  log: (message: string) => void,
  options: { everyMs?: number; jobs?: ScheduledJob[] } = {},
): () => Promise<void> {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;
  for (const job of options.jobs ?? SCHEDULED_JOBS) {
    let busy = false;
    const run = () => {
      if (busy || stopped) return;
      busy = true;
      const done = (async () => {
        const found = await db.query<{ fn: string | null }>("select to_regprocedure($1) as fn", [
          job.fn,
        ]);
        if (found.rows[0]?.fn) await db.query(job.sql);
      })()
        .catch((err: unknown) => log(`scheduled job ${job.name} failed: ${String(err)}`))
        .finally(() => {
          busy = false;
          running.delete(done);
        });
      running.add(done);
    };
    run();
    const timer = setInterval(run, options.everyMs ?? job.everyMs);
    timer.unref();
    timers.push(timer);
  }
  return async () => {
    stopped = true;
    for (const timer of timers) clearInterval(timer);
    await Promise.all(running);
  };
}
