-- What Supabase Realtime creates in every project database (realtime.messages, realtime.topic(),
-- realtime.send(), realtime.broadcast_changes()), and the capture this backend uses in place of
-- logical replication, which PGlite does not have: row triggers on the tables in the
-- supabase_realtime publication and on realtime.messages queue each change in
-- realtime.local_changes and notify the server. NOTIFY is only delivered on commit, so a
-- rolled-back write is never seen, and the queue's order is commit order (one connection).

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  id uuid not null default gen_random_uuid(),
  binary_payload bytea,
  primary key (id, inserted_at),
  constraint messages_payload_exclusive check (payload is null or binary_payload is null)
);
alter table realtime.messages enable row level security;
grant select, insert, update, delete on realtime.messages to anon, authenticated, service_role;
create index if not exists messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic);

create or replace function realtime.topic() returns text
language sql stable
as $$ select nullif(current_setting('realtime.topic', true), '')::text; $$;

create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
declare
  generated_id uuid;
  final_payload jsonb;
begin
  begin
    generated_id := gen_random_uuid();
    if payload ? 'id' then
      final_payload := payload;
    else
      final_payload := jsonb_set(payload, '{id}', to_jsonb(generated_id));
    end if;
    execute format('set local realtime.topic to %L', topic);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (generated_id, final_payload, event, topic, private, 'broadcast');
  exception
    when others then
      raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end;
$$;

create or replace function realtime.send_binary(payload bytea, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
declare
  generated_id uuid;
begin
  begin
    generated_id := gen_random_uuid();
    execute format('set local realtime.topic to %L', topic);
    insert into realtime.messages (id, binary_payload, event, topic, private, extension)
    values (generated_id, payload, event, topic, private, 'broadcast');
  exception
    when others then
      raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end;
$$;

create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW'
) returns void
language plpgsql
as $$
declare
  row_data jsonb := '{}'::jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation = 'INSERT' or operation = 'UPDATE' or operation = 'DELETE' then
    row_data := jsonb_build_object('old_record', old, 'record', new, 'operation', operation,
      'table', table_name, 'schema', table_schema);
    perform realtime.send(row_data, event_name, topic_name);
  else
    raise exception 'Unexpected operation type: %', operation;
  end if;
exception
  when others then
    raise exception 'Failed to process the row: %', sqlerrm;
end;
$$;

grant execute on function realtime.topic() to anon, authenticated, service_role;
grant execute on function realtime.send(jsonb, text, text, boolean) to anon, authenticated, service_role;
grant execute on function realtime.send_binary(bytea, text, text, boolean) to anon, authenticated, service_role;
grant execute on function realtime.broadcast_changes(text, text, text, text, text, record, record, text) to anon, authenticated, service_role;

-- The queue of committed changes; only the server reads it.
create table if not exists realtime.local_changes (
  id bigserial primary key,
  kind text not null,
  schema_name text not null,
  table_name text not null,
  record jsonb,
  old_record jsonb,
  committed_at timestamptz not null default now()
);
alter table realtime.local_changes enable row level security;
revoke all on realtime.local_changes from public, anon, authenticated, service_role;
revoke all on sequence realtime.local_changes_id_seq from public, anon, authenticated, service_role;

create or replace function realtime.local_capture() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  old_row jsonb;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    old_row := to_jsonb(old);
    -- As logical decoding does: the old row only in full with REPLICA IDENTITY FULL, else its key.
    if (select c.relreplident <> 'f' from pg_catalog.pg_class c where c.oid = tg_relid) then
      select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb) into old_row
      from jsonb_each(old_row) e
      where e.key in (
        select a.attname::text from pg_catalog.pg_index i
        join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = tg_relid and i.indisprimary
      );
    end if;
  end if;
  insert into realtime.local_changes (kind, schema_name, table_name, record, old_record)
  values (tg_op, tg_table_schema, tg_table_name,
    case when tg_op = 'DELETE' then null else to_jsonb(new) end, old_row);
  perform pg_notify('supabase_local_realtime', '');
  return null;
end;
$$;

create or replace function realtime.local_capture_message() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into realtime.local_changes (kind, schema_name, table_name, record)
  values ('MESSAGE', 'realtime', 'messages', jsonb_build_object(
    'id', new.id, 'topic', new.topic, 'event', new.event, 'private', coalesce(new.private, false),
    'payload', new.payload, 'binary_payload', encode(new.binary_payload, 'base64')));
  perform pg_notify('supabase_local_realtime', '');
  return null;
end;
$$;

drop trigger if exists supabase_local_realtime_broadcast on realtime.messages;
create trigger supabase_local_realtime_broadcast
  after insert on realtime.messages
  for each row when (new.extension = 'broadcast')
  execute function realtime.local_capture_message();

-- Puts the capture trigger on every table in the publication and takes it off the others.
create or replace function realtime.local_sync_capture() returns void
language plpgsql security definer set search_path = ''
as $$
declare
  r record;
begin
  for r in
    select c.oid::regclass as rel
    from pg_catalog.pg_publication_tables p
    join pg_catalog.pg_namespace n on n.nspname = p.schemaname
    join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
    where p.pubname = 'supabase_realtime' and c.relkind = 'r'
      and not exists (select 1 from pg_catalog.pg_trigger t
                      where t.tgrelid = c.oid and t.tgname = 'supabase_local_realtime_capture')
  loop
    execute format('create trigger supabase_local_realtime_capture after insert or update or delete on %s for each row execute function realtime.local_capture()', r.rel);
  end loop;
  for r in
    select t.tgrelid::regclass as rel
    from pg_catalog.pg_trigger t
    join pg_catalog.pg_class c on c.oid = t.tgrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where t.tgname = 'supabase_local_realtime_capture'
      and not exists (select 1 from pg_catalog.pg_publication_tables p
                      where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname)
  loop
    execute format('drop trigger supabase_local_realtime_capture on %s', r.rel);
  end loop;
end;
$$;

-- Which of `keys` (rows of `rel` given by primary key) each caller may SELECT: one statement for
-- all callers, each checked as its role with its claims, as Realtime's apply_rls does per change.
-- The check is prepared once and executed per caller (RLS reads the claims at run time). Runs as
-- the server (not security definer, so it may switch roles); the SET clause restores them after.
-- A policy that raises fails the whole call; the server then checks those callers one by one.
create or replace function realtime.local_visible(rel regclass, pkey text[], keys jsonb, callers jsonb)
returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller jsonb;
  found jsonb;
  result jsonb := '[]'::jsonb;
  cols text := (select string_agg(format('t.%I', k), ', ') from unnest(pkey) k);
  xs text := (select string_agg(format('x.%I', k), ', ') from unnest(pkey) k);
begin
  if exists (select 1 from pg_catalog.pg_prepared_statements where name = 'realtime_local_visible') then
    deallocate realtime_local_visible;
  end if;
  execute format('prepare realtime_local_visible as select coalesce(jsonb_agg(jsonb_build_array(%s)), ''[]'') from %s t where (%s) in (select %s from jsonb_populate_recordset(null::%s, %L::jsonb) x)',
    cols, rel, cols, xs, rel, keys);
  for caller in select value from jsonb_array_elements(callers) loop
    perform set_config('role', caller ->> 'role', true),
      set_config('request.jwt.claims', caller ->> 'claims', true),
      set_config('request.jwt.claim.sub', coalesce(caller -> 'claims' ->> 'sub', ''), true),
      set_config('request.jwt.claim.role', caller ->> 'role', true);
    execute 'execute realtime_local_visible' into found;
    perform set_config('role', 'postgres', true);
    result := result || jsonb_build_array(found);
  end loop;
  deallocate realtime_local_visible;
  return result;
end;
$$;
revoke all on function realtime.local_visible(regclass, text[], jsonb, jsonb) from public, anon, authenticated, service_role;
