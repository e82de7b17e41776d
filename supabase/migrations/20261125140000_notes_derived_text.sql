-- A note's title and body are written from its stored document by the server, never by a device:
-- a device that was offline, or slow, can then neither leave the text stale nor write an older
-- text after a newer one. Each write says which stored state it was derived from, and a write
-- from an older state than the one already written is skipped.

-- The stored state a text was derived from: the ydoc_version, and how many note_updates rows lay
-- on top of it. Rows are only ever added between compactions (devices cannot delete them; only
-- compact_note does, and it bumps ydoc_version), so within one version a larger count is a
-- later state that holds every earlier one, and (version, count) orders states as they were stored.
alter table public.notes
  add column text_version bigint not null default 0,
  add column text_updates integer not null default 0;

comment on column public.notes.text_version is
  'The ydoc_version of the stored state that title and body were derived from.';
comment on column public.notes.text_updates is
  'How many note_updates lay on that ydoc_version when title and body were derived.';

-- Devices write the document; the text follows it. A signed-in client may still create a note
-- with text and no document yet (an import): the text is its content until a document is made
-- from it. 42501 is PostgREST's 403, as a revoked column privilege would answer.
create function public.notes_text_follows_document()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user not in ('authenticated', 'anon') then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.text_version <> 0 or new.text_updates <> 0 then
      raise exception using errcode = '42501',
        message = 'A note''s text is derived from its document by the server.';
    end if;
  elsif new.title is distinct from old.title or new.body is distinct from old.body
    or new.text_version is distinct from old.text_version
    or new.text_updates is distinct from old.text_updates then
    raise exception using errcode = '42501',
      message = 'A note''s title and body follow its document; store the change as an update.',
      hint = 'Send the document update; the server writes the text from it.';
  end if;
  return new;
end;
$$;

create trigger notes_text_follows_document
before insert or update on public.notes
for each row execute function public.notes_text_follows_document();

revoke execute on function public.notes_text_follows_document() from public, anon, authenticated;

-- The stored state of a note in one statement, so its ydoc and its updates are read from the same
-- snapshot: read apart, a compaction in between could hide updates from both. Security invoker:
-- RLS decides, so only the owner reads it.
create function public.note_state(note_id uuid)
returns table (
  ydoc bytea,
  ydoc_version bigint,
  text_version bigint,
  text_updates integer,
  update_ids bigint[],
  updates bytea[]
)
language sql
stable
security invoker
set search_path = ''
as $$
  select n.ydoc, n.ydoc_version, n.text_version, n.text_updates,
    coalesce(array_agg(u.id order by u.id) filter (where u.id is not null), '{}'),
    coalesce(array_agg(u.data order by u.id) filter (where u.id is not null), '{}')
  from public.notes n
  left join public.note_updates u on u.note_id = n.id
  where n.id = note_state.note_id
  group by n.id;
$$;

-- Writes the text derived from the stored state (from_version, from_updates), unless the text
-- already written came from that state or a later one. Only the server calls it, after reading
-- the state with the signed-in person's own client. Returns whether it wrote.
create function public.write_note_text(
  note_id uuid,
  title text,
  body text,
  from_version bigint,
  from_updates integer
)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with written as (
    update public.notes n
      set title = write_note_text.title, body = write_note_text.body,
        text_version = write_note_text.from_version, text_updates = write_note_text.from_updates
      where n.id = write_note_text.note_id
        and (n.text_version, n.text_updates)
          < (write_note_text.from_version, write_note_text.from_updates)
      returning 1
  )
  select exists (select 1 from written);
$$;

-- Merged updates are removed by compact_note alone, so the count above only grows between
-- compactions.
drop policy "owners remove merged updates" on public.note_updates;
revoke delete on table public.note_updates from authenticated;

-- compact_note no longer takes text from a device. It folds stored updates into notes.ydoc and
-- removes exactly the ones it merged; base_version must be the ydoc_version the caller started
-- from, or the merge is refused (409) so nothing another device merged meanwhile is lost.
-- Security definer because devices may no longer delete updates themselves: it checks the owner.
drop function public.compact_note(uuid, bytea, bigint, bigint[], text, text);

create function public.compact_note(
  note_id uuid,
  ydoc bytea,
  base_version bigint,
  merged_ids bigint[]
)
returns public.notes
language plpgsql
security definer
set search_path = ''
as $$
declare
  result public.notes;
begin
  update public.notes n
    set ydoc = compact_note.ydoc, ydoc_version = n.ydoc_version + 1
    where n.id = compact_note.note_id and n.owner_id = (select auth.uid())
      and n.ydoc_version = compact_note.base_version
    returning * into result;
  if result.id is null then
    if exists (
      select 1 from public.notes n
      where n.id = compact_note.note_id and n.owner_id = (select auth.uid())
    ) then
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

revoke execute on function public.note_state(uuid) from public, anon;
revoke execute on function public.write_note_text(uuid, text, text, bigint, integer)
  from public, anon, authenticated;
revoke execute on function public.compact_note(uuid, bytea, bigint, bigint[])
  from public, anon, authenticated;
grant execute on function public.note_state(uuid) to authenticated, service_role;
grant execute on function public.write_note_text(uuid, text, text, bigint, integer) to service_role;
grant execute on function public.compact_note(uuid, bytea, bigint, bigint[])
  to authenticated, service_role;
