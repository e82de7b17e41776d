-- Hosted Supabase reloads PostgREST's schema cache whenever DDL changes what the API exposes:
-- two event triggers send NOTIFY pgrst, 'reload schema'. The same here, so a table created
-- through /pg/query or a later migration is reachable at once.

create or replace function extensions.pgrst_ddl_watch() returns event_trigger
language plpgsql as $$
declare
  command record;
begin
  for command in select * from pg_event_trigger_ddl_commands() loop
    if command.command_tag in (
        'CREATE SCHEMA', 'ALTER SCHEMA', 'CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO',
        'ALTER TABLE', 'CREATE FOREIGN TABLE', 'ALTER FOREIGN TABLE', 'CREATE VIEW', 'ALTER VIEW',
        'CREATE MATERIALIZED VIEW', 'ALTER MATERIALIZED VIEW', 'CREATE FUNCTION', 'ALTER FUNCTION',
        'CREATE TRIGGER', 'CREATE TYPE', 'ALTER TYPE', 'CREATE RULE', 'COMMENT')
      and command.schema_name is distinct from 'pg_temp' then
      notify pgrst, 'reload schema';
      return;
    end if;
  end loop;
end $$;

create or replace function extensions.pgrst_drop_watch() returns event_trigger
language plpgsql as $$
declare
  dropped record;
begin
  for dropped in select * from pg_event_trigger_dropped_objects() loop
    if dropped.object_type in (
        'schema', 'table', 'foreign table', 'view', 'materialized view', 'function', 'trigger',
        'type', 'rule')
      and not dropped.is_temporary then
      notify pgrst, 'reload schema';
      return;
    end if;
  end loop;
end $$;

drop event trigger if exists pgrst_ddl_watch;
create event trigger pgrst_ddl_watch on ddl_command_end execute procedure extensions.pgrst_ddl_watch();
drop event trigger if exists pgrst_drop_watch;
create event trigger pgrst_drop_watch on sql_drop execute procedure extensions.pgrst_drop_watch();
