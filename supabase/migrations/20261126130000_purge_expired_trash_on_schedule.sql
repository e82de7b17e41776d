-- Expired trash (notes trashed over 30 days ago) is emptied by a scheduled job, once an hour,
-- instead of by the notes pages on every view: a page view reads and never writes.
--
-- Hosted Supabase has pg_cron (https://supabase.com/docs/guides/database/extensions/pg_cron);
-- where it is missing, or not loaded by the server (`cron.database_name` unset), this migration
-- schedules nothing and runs unchanged. The local backend runs the same function on the same
-- cadence itself (supabase/local/src/database/scheduled-jobs.ts).
--
-- The job runs as the database owner, so `purge_expired_trash()` (security invoker) sees every
-- person's notes, as it should for a job that serves them all.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
    and current_setting('cron.database_name', true) = current_database()
  then
    create extension if not exists pg_cron with schema pg_catalog;
    -- cron.schedule with a job name replaces that job's schedule: running this again is harmless.
    perform cron.schedule(
      'purge-expired-trash',
      '17 * * * *',
      'select public.purge_expired_trash()'
    );
  end if;
end
$$;
