-- Every Yjs update a device sends is appended here before anyone relies on it, so a device that
-- was closed catches up on open and no edit depends on a broadcast arriving. Compaction folds
-- them into notes.ydoc; Yjs merges are idempotent, so an update read twice does no harm.

create table public.note_updates (
  id bigint generated always as identity primary key,
  note_id uuid not null references public.notes (id) on delete cascade,
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  data bytea not null,
  created_at timestamptz not null default now(),
  constraint note_updates_data_size check (octet_length(data) between 1 and 1048576)
);

comment on table public.note_updates is 'Yjs updates of a note not yet merged into notes.ydoc.';

create index note_updates_note_idx on public.note_updates (note_id, id);

alter table public.note_updates enable row level security;
revoke all on table public.note_updates from anon;
-- Append-only for devices: an update is never edited, only merged away by compact_note.
revoke update on table public.note_updates from authenticated;

create policy "owners read their notes' updates" on public.note_updates
  for select to authenticated using ((select auth.uid()) = owner_id);
create policy "owners append to their own notes" on public.note_updates
  for insert to authenticated with check (
    (select auth.uid()) = owner_id
    and exists (
      select 1 from public.notes n where n.id = note_id and n.owner_id = (select auth.uid())
    )
  );
create policy "owners remove merged updates" on public.note_updates
  for delete to authenticated using ((select auth.uid()) = owner_id);

-- Writes the merged state and the text derived from it, and removes exactly the updates it
-- contains, in one transaction. base_version must be the ydoc_version the caller started from:
-- then its state holds the stored ydoc, and nothing another device merged meanwhile is lost
-- (that is refused with 409). Security invoker: RLS decides, so only the owner compacts.
create function public.compact_note(
  note_id uuid,
  ydoc bytea,
  base_version bigint,
  merged_ids bigint[],
  title text,
  body text
)
returns public.notes
language plpgsql
security invoker
set search_path = ''
as $$
declare
  result public.notes;
begin
  update public.notes n
    set ydoc = compact_note.ydoc, ydoc_version = n.ydoc_version + 1,
      title = compact_note.title, body = compact_note.body
    where n.id = compact_note.note_id and n.ydoc_version = compact_note.base_version
    returning * into result;
  if result.id is null then
    if exists (select 1 from public.notes n where n.id = compact_note.note_id) then
      raise exception using errcode = 'PT409',
        message = 'The note was merged on another device meanwhile; load it again first.';
    end if;
    raise exception using errcode = 'P0002', message = 'Note not found.';
  end if;
  delete from public.note_updates u
    where u.note_id = compact_note.note_id and u.id = any (compact_note.merged_ids);
  return result;
end;
$$;

-- Trash keeps a note for 30 days. No scheduler is needed: the app calls this when it lists notes,
-- and it removes only the caller's own expired notes (security invoker, RLS).
create function public.purge_expired_trash()
returns integer
language sql
security invoker
set search_path = ''
as $$
  with gone as (
    delete from public.notes
    where deleted_at is not null and deleted_at < now() - interval '30 days'
    returning 1
  )
  select count(*)::integer from gone;
$$;

-- Full-text search in websearch_to_tsquery syntax ("quoted phrases", or, -not); the last word
-- also matches as a prefix so results follow the person typing. Best match first.
create function public.search_notes(query text, max_results integer default 20)
returns table (
  id uuid,
  title text,
  title_highlighted text,
  snippet text,
  rank real,
  pinned boolean,
  updated_at timestamptz
)
language sql
stable
security invoker
set search_path = ''
as $$
  with q as (
    select case
      when query ~ '[[:alnum:]]$' and websearch_to_tsquery('english', query)::text ~ '''$'
        then (websearch_to_tsquery('english', query)::text || ':*')::tsquery
      else websearch_to_tsquery('english', query)
    end as tsq
  )
  select
    n.id,
    n.title,
    pg_catalog.ts_headline('english', n.title, q.tsq,
      'HighlightAll=true, StartSel=' || chr(57344) || ', StopSel=' || chr(57345)) as title_highlighted,
    -- U+E000/U+E001 mark matches: private-use characters no note text relies on, so the app
    -- can highlight them without treating the note's text as HTML.
    pg_catalog.ts_headline('english', n.body, q.tsq,
      'StartSel=' || chr(57344) || ', StopSel=' || chr(57345)
      || ', MaxFragments=2, MaxWords=24, MinWords=8, FragmentDelimiter=" … "') as snippet,
    pg_catalog.ts_rank_cd(n.search, q.tsq) as rank,
    n.pinned,
    n.updated_at
  from public.notes n, q
  where n.deleted_at is null and n.search @@ q.tsq
  order by rank desc, n.updated_at desc
  limit least(greatest(coalesce(max_results, 20), 1), 100);
$$;

revoke execute on function public.compact_note(uuid, bytea, bigint, bigint[], text, text) from public, anon;
revoke execute on function public.purge_expired_trash() from public, anon;
revoke execute on function public.search_notes(text, integer) from public, anon;
revoke execute on function public.notes_before_write() from public, anon, authenticated;
grant execute on function public.compact_note(uuid, bytea, bigint, bigint[], text, text) to authenticated, service_role;
grant execute on function public.purge_expired_trash() to authenticated, service_role;
grant execute on function public.search_notes(text, integer) to authenticated, service_role;

-- Only a note's owner joins its private channel 'note:<id>' (broadcast and presence).
create policy "owners join their notes' channels" on realtime.messages
  for select to authenticated using (
    realtime.topic() like 'note:%'
    and exists (
      select 1 from public.notes n
      where n.id::text = substr(realtime.topic(), 6) and n.owner_id = (select auth.uid())
    )
  );
create policy "owners send on their notes' channels" on realtime.messages
  for insert to authenticated with check (
    realtime.topic() like 'note:%'
    and exists (
      select 1 from public.notes n
      where n.id::text = substr(realtime.topic(), 6) and n.owner_id = (select auth.uid())
    )
  );
