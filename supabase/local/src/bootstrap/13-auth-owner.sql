-- Auth logs in as supabase_auth_admin and owns what is in the auth schema, as on hosted Supabase
-- (supabase/postgres: migrations/db/init-scripts/00000000000001-auth-schema.sql alters each auth
-- table's owner to it and sets its search_path to auth). The database owner may act as it
-- (20220609081115_grant-supabase-auth-admin-and-supabase-storage-admin-to-postgres), so
-- migrations can still put triggers on auth.users. Idempotent: runs whenever the bootstrap changes.

alter role supabase_auth_admin set search_path = auth;
grant supabase_auth_admin to postgres;

do $$
declare
  r record;
begin
  for r in
    select format('alter table %I.%I owner to supabase_auth_admin', n.nspname, c.relname) as sql
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'auth' and c.relkind in ('r', 'p', 'v', 'm')
      and pg_get_userbyid(c.relowner) <> 'supabase_auth_admin'
    union all
    select format('alter sequence %I.%I owner to supabase_auth_admin', n.nspname, c.relname)
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'auth' and c.relkind = 'S'
      and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i'))
      and pg_get_userbyid(c.relowner) <> 'supabase_auth_admin'
    union all
    select format('alter type %I.%I owner to supabase_auth_admin', n.nspname, t.typname)
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname = 'auth' and t.typtype = 'e'
      and pg_get_userbyid(t.typowner) <> 'supabase_auth_admin'
    union all
    select format('alter function %s owner to supabase_auth_admin', p.oid::regprocedure)
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'auth' and pg_get_userbyid(p.proowner) <> 'supabase_auth_admin'
  loop
    execute r.sql;
  end loop;
end $$;
