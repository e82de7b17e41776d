-- A person's open pages hear when their tag tree changed, and only then. The tag tree read the
-- tags again after every change to any of the person's notes, and a note being typed in changes
-- twice a second: each open page read the tree as often, though tags seldom change.
--
-- 1. A note's derived text no longer deletes and writes again every one of its tags (and so
--    every count of them, twice) on each store: only the tags it lost are deleted, and only those
--    it gained are written.
-- 2. When a person's tag counts change (a tag gained or lost, renamed, a tagged note to the Trash
--    and back), 'tags' is sent on their private notes topic, once per statement.

create or replace function public.write_note_derived(
  note_id uuid,
  title text,
  body text,
  from_version bigint,
  from_updates integer,
  tags text[],
  links jsonb
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner uuid;
  wanted text[];
begin
  update public.notes n
    set title = write_note_derived.title, body = write_note_derived.body,
      text_version = write_note_derived.from_version,
      text_updates = write_note_derived.from_updates
    where n.id = write_note_derived.note_id
      and (n.text_version, n.text_updates)
        < (write_note_derived.from_version, write_note_derived.from_updates)
    returning n.owner_id into owner;
  if owner is null then
    return false;
  end if;

  select coalesce(pg_catalog.array_agg(distinct pg_catalog.lower(x.tag)), '{}') into wanted
    from pg_catalog.unnest(coalesce(write_note_derived.tags, '{}')) as x (tag)
   where x.tag is not null;
  delete from public.note_tags t
   where t.note_id = write_note_derived.note_id and not (t.tag = any (wanted));
  insert into public.note_tags (note_id, user_id, tag)
    select write_note_derived.note_id, owner, w.tag
      from pg_catalog.unnest(wanted) as w (tag)
     where not exists (
       select 1 from public.note_tags t
        where t.note_id = write_note_derived.note_id and t.tag = w.tag
     )
    on conflict do nothing;

  delete from public.note_links l where l.source_id = write_note_derived.note_id;
  insert into public.note_links (source_id, user_id, target_id, target_title, context, position)
    select write_note_derived.note_id, owner,
           (select t.id from public.notes t
             where t.id = case when x.value->>'target' ~* '^[0-9a-f-]{36}$'
                               then (x.value->>'target')::uuid end
               and t.owner_id = owner),
           left(x.value->>'title', 500), left(coalesce(x.value->>'context', ''), 300),
           x.ordinality::integer
      from jsonb_array_elements(
             case when jsonb_typeof(write_note_derived.links) = 'array'
                  then write_note_derived.links else '[]'::jsonb end
           ) with ordinality as x (value, ordinality)
     where coalesce(x.value->>'title', '') <> '';
  return true;
end;
$$;

-- Each person whose counts a statement changed hears 'tags' once on their notes topic.
create function public.broadcast_tag_counts_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  people uuid[] := '{}';
  who uuid;
begin
  if tg_op in ('INSERT', 'UPDATE') then
    select people || coalesce(pg_catalog.array_agg(c.user_id), '{}') into people
      from changed_counts c;
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    select people || coalesce(pg_catalog.array_agg(c.user_id), '{}') into people
      from changed_counts_before c;
  end if;
  for who in select distinct p.id from pg_catalog.unnest(people) as p (id) loop
    perform realtime.send('{}'::jsonb, 'tags', 'notes:' || who, true);
  end loop;
  return null;
end;
$$;

revoke execute on function public.broadcast_tag_counts_change() from public, anon, authenticated;

create trigger tag_counts_broadcast_insert
after insert on public.tag_counts
referencing new table as changed_counts
for each statement execute function public.broadcast_tag_counts_change();

create trigger tag_counts_broadcast_update
after update on public.tag_counts
referencing old table as changed_counts_before new table as changed_counts
for each statement execute function public.broadcast_tag_counts_change();

create trigger tag_counts_broadcast_delete
after delete on public.tag_counts
referencing old table as changed_counts_before
for each statement execute function public.broadcast_tag_counts_change();
