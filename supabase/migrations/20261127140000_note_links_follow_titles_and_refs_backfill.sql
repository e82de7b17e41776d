-- A link to a note by id names the target as it is called now: when a note's title changes, the
-- notes that link to it by id have the old name in their body ([[Old]], as their document wrote
-- it) replaced by the new one, as Obsidian rewrites links on a rename; their next derivation
-- writes the same, as the server reads the current titles of id links. Only the server calls it,
-- after it wrote a note's text. Returns how many links it renamed.
create function public.relabel_note_links(note_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  target record;
  stale record;
  shown text;
  renamed integer;
begin
  select n.id, n.owner_id, left(n.title, 500) as title into target
    from public.notes n where n.id = relabel_note_links.note_id;
  if target.id is null or target.title = '' then
    return 0;
  end if;
  -- The link's label as the Markdown writer writes it: brackets and line breaks become spaces.
  shown := '[[' || translate(target.title, E'[]\n', '   ') || ']]';

  for stale in
    select distinct l.source_id, l.target_title
      from public.note_links l
     where l.target_id = target.id
       and l.user_id = target.owner_id
       and l.target_title <> target.title
  loop
    update public.notes s
       set body = replace(s.body, '[[' || translate(stale.target_title, E'[]\n', '   ') || ']]', shown)
     where s.id = stale.source_id
       and char_length(replace(s.body, '[[' || translate(stale.target_title, E'[]\n', '   ') || ']]', shown))
           <= 200000;
  end loop;

  update public.note_links l
     set target_title = target.title
   where l.target_id = target.id
     and l.user_id = target.owner_id
     and l.target_title <> target.title;
  get diagnostics renamed = row_count;
  return renamed;
end;
$$;

revoke execute on function public.relabel_note_links(uuid) from public, anon, authenticated;
grant execute on function public.relabel_note_links(uuid) to service_role;

-- Notes written before tags and links were read from text have none. These two let the server
-- read them once from each such note's text (`npm run backfill:refs`, run by `npm run dev` with
-- the local backend): the notes whose text holds a '#' or '[[' and that have no tag or link yet,
-- a page at a time by id, and a write of the tags and links read from a note's text that holds
-- only while its text is still the one read and it still has none (a derivation in between wins).
create function public.notes_lacking_refs(after_id uuid default null, max_rows integer default 200)
returns table (id uuid, title text, body text)
language sql
stable
security definer
set search_path = ''
as $$
  select n.id, n.title, n.body
    from public.notes n
   where (notes_lacking_refs.after_id is null or n.id > notes_lacking_refs.after_id)
     and (strpos(n.title, '#') > 0 or strpos(n.body, '#') > 0
          or strpos(n.title, '[[') > 0 or strpos(n.body, '[[') > 0)
     and not exists (select 1 from public.note_tags t where t.note_id = n.id)
     and not exists (select 1 from public.note_links l where l.source_id = n.id)
   order by n.id
   limit least(greatest(coalesce(notes_lacking_refs.max_rows, 200), 1), 1000);
$$;

create function public.write_note_refs(
  note_id uuid,
  title text,
  body text,
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
begin
  select n.owner_id into owner
    from public.notes n
   where n.id = write_note_refs.note_id
     and n.title = write_note_refs.title
     and n.body = write_note_refs.body
     and not exists (select 1 from public.note_tags t where t.note_id = n.id)
     and not exists (select 1 from public.note_links l where l.source_id = n.id)
     for update;
  if owner is null then
    return false;
  end if;

  insert into public.note_tags (note_id, user_id, tag)
    select distinct write_note_refs.note_id, owner, lower(x.tag)
      from unnest(coalesce(write_note_refs.tags, '{}')) as x (tag)
     where x.tag is not null
    on conflict do nothing;

  -- Text links are by title: a [[Title]] is found by title when asked.
  insert into public.note_links (source_id, user_id, target_id, target_title, context, position)
    select write_note_refs.note_id, owner, null,
           left(x.value->>'title', 500), left(coalesce(x.value->>'context', ''), 300),
           x.ordinality::integer
      from jsonb_array_elements(
             case when jsonb_typeof(write_note_refs.links) = 'array'
                  then write_note_refs.links else '[]'::jsonb end
           ) with ordinality as x (value, ordinality)
     where coalesce(x.value->>'title', '') <> '';
  return true;
end;
$$;

revoke execute on function public.notes_lacking_refs(uuid, integer) from public, anon, authenticated;
revoke execute on function public.write_note_refs(uuid, text, text, text[], jsonb)
  from public, anon, authenticated;
grant execute on function public.notes_lacking_refs(uuid, integer) to service_role;
grant execute on function public.write_note_refs(uuid, text, text, text[], jsonb) to service_role;
