-- A note's history: versions of its Yjs document kept by the server (never by a device's clock),
-- at the end of an editing session, at most one every few minutes while typing, and around every
-- restore. Each version stores its own state, so compacting note_updates never removes one.
-- Deleting a note forever deletes its history (cascade); a note in Trash keeps it.

create table public.note_versions (
  id bigint generated always as identity primary key,
  note_id uuid not null references public.notes (id) on delete cascade,
  owner_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  kind text not null,
  state bytea not null,
  device text,
  words_added integer not null default 0,
  words_removed integer not null default 0,
  summary text not null default '',
  constraint note_versions_kind check (kind in ('session', 'before_restore', 'restore', 'import')),
  constraint note_versions_state_size check (octet_length(state) between 1 and 67108864),
  constraint note_versions_device_length check (char_length(device) <= 80),
  constraint note_versions_words check (words_added >= 0 and words_removed >= 0),
  constraint note_versions_summary_length check (char_length(summary) <= 200)
);

comment on table public.note_versions is
  'Versions of a note''s Yjs document, kept by the server; read by the note''s owner only.';

create index note_versions_timeline_idx on public.note_versions (note_id, created_at desc, id desc);
create index note_versions_owner_idx on public.note_versions (owner_id);

alter table public.note_versions enable row level security;

-- Only the owner of the note reads its history; nobody writes it but the server (service role).
create policy "owners read their notes' history" on public.note_versions
  for select to authenticated
  using (
    owner_id = (select auth.uid())
    and exists (
      select 1 from public.notes n
      where n.id = note_versions.note_id and n.owner_id = (select auth.uid())
    )
  );

revoke all on table public.note_versions from public, anon, authenticated;
grant select on table public.note_versions to authenticated;

-- When a note was last edited and when its last version was kept, by the database's clock: the
-- server reads them on every stored update to decide whether the state before it is kept.
create table public.note_history_marks (
  note_id uuid primary key references public.notes (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_update_at timestamptz not null default now(),
  last_version_at timestamptz
);

comment on table public.note_history_marks is
  'When a note was last edited and last kept as a version; written by the server alone.';

alter table public.note_history_marks enable row level security;
revoke all on table public.note_history_marks from public, anon, authenticated;

-- Records an edit of a note now, and returns what was recorded before it (nulls for a note's first
-- edit) with the database's time. The server alone calls it, after the edit was stored under RLS.
create function public.note_history_touch(note_id uuid)
returns table (
  previous_update_at timestamptz,
  last_version_at timestamptz,
  started_at timestamptz,
  now timestamptz
)
language plpgsql
security invoker
set search_path = ''
as $$
declare
  mark public.note_history_marks;
begin
  select * into mark from public.note_history_marks m
    where m.note_id = note_history_touch.note_id
    for update;
  if mark.note_id is null then
    insert into public.note_history_marks (note_id) values (note_history_touch.note_id)
      on conflict on constraint note_history_marks_pkey do update set last_update_at = now();
    return query select null::timestamptz, null::timestamptz, now(), now();
    return;
  end if;
  update public.note_history_marks m set last_update_at = now()
    where m.note_id = note_history_touch.note_id;
  return query select mark.last_update_at, mark.last_version_at, mark.created_at, now();
end;
$$;

revoke execute on function public.note_history_touch(uuid) from public, anon, authenticated;

-- A page of a note's timeline, newest first: after (before_at, before_id) when given. Security
-- invoker: RLS decides, so only the owner reads it. The state itself is left out; its size is told.
create function public.note_history(
  note_id uuid,
  before_at timestamptz default null,
  before_id bigint default null,
  page_size integer default 50
)
returns table (
  id bigint,
  created_at timestamptz,
  kind text,
  device text,
  words_added integer,
  words_removed integer,
  summary text,
  size integer
)
language sql
stable
security invoker
set search_path = ''
as $$
  select v.id, v.created_at, v.kind, v.device, v.words_added, v.words_removed, v.summary,
    octet_length(v.state)
  from public.note_versions v
  where v.note_id = note_history.note_id
    and (note_history.before_at is null
      or (v.created_at, v.id) < (note_history.before_at, coalesce(note_history.before_id, 0)))
  order by v.created_at desc, v.id desc
  limit least(greatest(coalesce(note_history.page_size, 50), 1), 200);
$$;

-- How much history the signed-in person keeps: a count and the bytes of the stored states.
create function public.history_usage()
returns table (versions bigint, bytes bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select count(*), coalesce(sum(octet_length(v.state)), 0)::bigint
  from public.note_versions v
  where v.owner_id = (select auth.uid());
$$;

-- How long history is kept: every version for keep_all_days, then the newest of each day until
-- keep_daily_days, nothing older. One row; the database owner may change it.
create table public.history_retention (
  id boolean primary key default true check (id),
  keep_all_days integer not null default 30 check (keep_all_days >= 1),
  keep_daily_days integer not null default 365 check (keep_daily_days >= 1)
);

comment on table public.history_retention is
  'How long note history is kept: all versions for keep_all_days, one a day until keep_daily_days.';

insert into public.history_retention default values;
alter table public.history_retention enable row level security;
revoke all on table public.history_retention from public, anon, authenticated;

-- Thins every note's history as history_retention says (or as the arguments say, when given).
-- Run by the hourly job as the database owner (security invoker: it sees every note's history).
-- Returns how many versions it removed. A day is a UTC day.
create function public.thin_note_history(
  keep_all_days integer default null,
  keep_daily_days integer default null
)
returns bigint
language plpgsql
security invoker
set search_path = ''
as $$
declare
  all_days integer;
  daily_days integer;
  removed bigint;
begin
  select coalesce(thin_note_history.keep_all_days, r.keep_all_days),
    coalesce(thin_note_history.keep_daily_days, r.keep_daily_days)
    into all_days, daily_days
    from public.history_retention r;
  all_days := coalesce(all_days, thin_note_history.keep_all_days, 30);
  daily_days := greatest(coalesce(daily_days, thin_note_history.keep_daily_days, 365), all_days);
  with doomed as (
    select v.id from public.note_versions v
    where v.created_at < now() - make_interval(days => daily_days)
    union all
    select ranked.id from (
      select v.id, row_number() over (
          partition by v.note_id, date_trunc('day', v.created_at at time zone 'UTC')
          order by v.created_at desc, v.id desc
        ) as nth
      from public.note_versions v
      where v.created_at < now() - make_interval(days => all_days)
        and v.created_at >= now() - make_interval(days => daily_days)
    ) ranked
    where ranked.nth > 1
  ),
  gone as (
    delete from public.note_versions v using doomed where v.id = doomed.id returning 1
  )
  select count(*) into removed from gone;
  return removed;
end;
$$;

revoke execute on function public.thin_note_history(integer, integer) from public, anon, authenticated;

-- Hourly, as trash is purged (20261126130000_purge_expired_trash_on_schedule.sql): hosted Supabase's
-- pg_cron where it is loaded; the local backend runs the same function itself.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
    and current_setting('cron.database_name', true) = current_database()
  then
    create extension if not exists pg_cron with schema pg_catalog;
    perform cron.schedule('thin-note-history', '27 * * * *', 'select public.thin_note_history()');
  end if;
end
$$;

-- The server writes history with the service role; people read it through RLS.
grant all on table public.note_versions, public.note_history_marks, public.history_retention
  to service_role;
grant execute on function public.note_history_touch(uuid) to service_role;
grant execute on function public.thin_note_history(integer, integer) to service_role;
grant execute on function public.note_history(uuid, timestamptz, bigint, integer)
  to authenticated, service_role;
grant execute on function public.history_usage() to authenticated, service_role;
