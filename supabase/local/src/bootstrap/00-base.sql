-- What a Supabase Postgres has before any migration, after supabase/postgres's own init scripts
-- and migrations: roles, schemas, extensions, the grants and default privileges Supabase gives
-- the API roles, and the realtime publication. Runs whenever it changes, so it is idempotent.
-- The database owner here is `postgres` (PGlite's bootstrap superuser); migrations run as it.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then create role authenticator login noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_admin') then create role supabase_admin login superuser createrole createdb replication bypassrls; end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then create role supabase_auth_admin login noinherit createrole; end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_storage_admin') then create role supabase_storage_admin login noinherit createrole; end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_realtime_admin') then create role supabase_realtime_admin login noinherit createrole replication; end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_replication_admin') then create role supabase_replication_admin login replication; end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_read_only_user') then create role supabase_read_only_user login bypassrls; end if;
  if not exists (select 1 from pg_roles where rolname = 'dashboard_user') then create role dashboard_user nologin createrole createdb replication; end if;
end $$;

-- Supabase later made the API roles inherit (20230529180330_alter_api_roles_for_inherit).
alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit;
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role postgres set search_path to "$user", public, extensions;
alter role supabase_admin set search_path to "$user", public, auth, extensions;

grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;
grant anon, authenticated, service_role to supabase_realtime_admin;
grant pg_read_all_data to supabase_read_only_user;

create schema if not exists extensions;
create schema if not exists auth;
create schema if not exists storage;
create schema if not exists realtime;
create schema if not exists graphql_public;
create schema if not exists supabase_migrations;

create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;

-- public: usable by every API role; what postgres (and supabase_admin) create there is granted
-- to them by default, and row level security decides what each may see.
grant usage on schema public to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on sequences to postgres, anon, authenticated, service_role;

grant usage on schema extensions to postgres, anon, authenticated, service_role;

grant usage on schema graphql_public to postgres, anon, authenticated, service_role;
alter default privileges in schema graphql_public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema graphql_public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema graphql_public grant all on sequences to postgres, anon, authenticated, service_role;

grant usage on schema auth to anon, authenticated, service_role;

grant usage on schema storage to postgres, anon, authenticated, service_role;
grant all on schema storage to supabase_storage_admin;
alter default privileges in schema storage grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on sequences to postgres, anon, authenticated, service_role;

grant usage on schema realtime to postgres, anon, authenticated, service_role;
grant all on schema realtime to supabase_realtime_admin with grant option;

-- The CLI's migration history lives here; only the database owner touches it.
revoke all on schema supabase_migrations from public;

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end $$;

create table if not exists supabase_migrations.schema_migrations (
  version text not null primary key,
  statements text[],
  name text
);

create table if not exists supabase_migrations.seed_files (
  path text not null primary key,
  hash text not null
);
