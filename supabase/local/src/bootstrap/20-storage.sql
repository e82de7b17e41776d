-- The storage schema as Supabase Storage (storage-api) leaves it after its own migrations: the
-- same tables, columns and helper functions, so policies written for hosted Supabase (with
-- storage.foldername(name), bucket_id, owner_id, …) work unchanged. Row level security is on for
-- both tables with no policy, as hosted: only the service role sees anything until migrations add
-- policies. Idempotent: runs at every start.

do $$
begin
  if not exists (select 1 from pg_type where typname = 'buckettype' and typnamespace = 'storage'::regnamespace) then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
  end if;
end $$;

create table if not exists storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD'
);
create unique index if not exists bname on storage.buckets (name);

create table if not exists storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb,
  level integer
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

create table if not exists storage.migrations (
  id integer not null primary key,
  name varchar(100) not null unique,
  hash varchar(40) not null,
  executed_at timestamp default current_timestamp
);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
alter table storage.migrations enable row level security;

grant all on storage.buckets to anon, authenticated, service_role, postgres;
grant all on storage.objects to anon, authenticated, service_role, postgres;
grant all on storage.buckets, storage.objects, storage.migrations to supabase_storage_admin;

create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

create or replace function storage.get_size_by_bucket() returns table (size bigint, bucket_id text)
language plpgsql stable as $$
begin
  return query
    select sum((metadata->>'size')::bigint)::bigint as size, obj.bucket_id
    from storage.objects as obj
    group by obj.bucket_id;
end
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;

-- Storage logs in as supabase_storage_admin, which owns the storage tables and functions (on hosted
-- Supabase storage-api creates them as it) and switches to the caller's role for each request, so it
-- is granted the API roles (hosted grants anon, authenticated and service_role to it). Its
-- search_path is storage (supabase/postgres: 00000000000002-storage-schema.sql).
alter role supabase_storage_admin set search_path = storage;
grant anon, authenticated, service_role to supabase_storage_admin;
grant supabase_storage_admin to postgres;

do $$
declare
  r record;
begin
  for r in
    select format('alter table %I.%I owner to supabase_storage_admin', n.nspname, c.relname) as sql
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'storage' and c.relkind in ('r', 'p', 'v', 'm')
      and pg_get_userbyid(c.relowner) <> 'supabase_storage_admin'
    union all
    select format('alter type %I.%I owner to supabase_storage_admin', n.nspname, t.typname)
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname = 'storage' and t.typtype = 'e'
      and pg_get_userbyid(t.typowner) <> 'supabase_storage_admin'
    union all
    select format('alter function %s owner to supabase_storage_admin', p.oid::regprocedure)
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'storage' and pg_get_userbyid(p.proowner) <> 'supabase_storage_admin'
  loop
    execute r.sql;
  end loop;
end $$;
