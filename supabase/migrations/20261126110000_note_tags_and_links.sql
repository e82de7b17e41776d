-- Tags (#tag, #tag/sub) and links ([[Title]] or a link to a note by id) are read from a note's
-- document by the server, in the same write as its title and body, so tag lists, counts and
-- backlinks are queries. Devices never write these rows: they follow the document.

create table public.note_tags (
  note_id uuid not null references public.notes (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- The tag's path, lower case ('work/q3'); '#' is not stored.
  tag text not null,
  primary key (note_id, tag),
  constraint note_tags_tag_format check (
    char_length(tag) between 1 and 200 and tag = lower(tag) and tag !~ '(^/|/$|//|\s|#)'
  )
);

comment on table public.note_tags is
  'The tags in a note''s text, derived by the server; only the note''s owner reads them.';

create index note_tags_user_tag_idx on public.note_tags (user_id, tag text_pattern_ops);

create table public.note_links (
  id bigint generated always as identity primary key,
  source_id uuid not null references public.notes (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- The note linked to by id (it survives the target's rename), or null for a [[Title]] that is
  -- found by title when asked (so creating that note later makes the link work).
  target_id uuid references public.notes (id) on delete set null,
  -- The title the link shows in the text.
  target_title text not null,
  -- The sentence around the link, for "Linked from".
  context text not null,
  position integer not null,
  constraint note_links_title_length check (char_length(target_title) between 1 and 500),
  constraint note_links_context_length check (char_length(context) <= 300)
);

comment on table public.note_links is
  'The links in a note''s text, derived by the server; only the note''s owner reads them.';

create index note_links_source_idx on public.note_links (source_id, position);
create index note_links_target_idx on public.note_links (target_id) where target_id is not null;
create index note_links_user_title_idx on public.note_links (user_id, lower(target_title))
  where target_id is null;

alter table public.note_tags enable row level security;
alter table public.note_links enable row level security;

create policy "owners read their notes' tags" on public.note_tags
  for select to authenticated using (user_id = (select auth.uid()));
create policy "owners read their notes' links" on public.note_links
  for select to authenticated using (user_id = (select auth.uid()));

revoke all on table public.note_tags, public.note_links from anon, authenticated;
grant select on table public.note_tags, public.note_links to authenticated;
grant all on table public.note_tags, public.note_links to service_role;

-- Writes a note's text, tags and links derived from the stored state (from_version,
-- from_updates), unless what is written already came from that state or a later one; the same
-- guard as write_note_text, in one transaction, so tags and links never lag behind the text.
-- A link's target id counts only when it is one of the same person's notes; otherwise the link
-- is kept by its title. Only the server calls it. Returns whether it wrote.
create function public.write_note_derived(
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

  delete from public.note_tags t where t.note_id = write_note_derived.note_id;
  insert into public.note_tags (note_id, user_id, tag)
    select distinct write_note_derived.note_id, owner, lower(x.tag)
      from unnest(coalesce(write_note_derived.tags, '{}')) as x (tag)
     where x.tag is not null
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

revoke execute on function public.write_note_derived(uuid, text, text, bigint, integer, text[], jsonb)
  from public, anon, authenticated;
grant execute on function public.write_note_derived(uuid, text, text, bigint, integer, text[], jsonb)
  to service_role;

-- The signed-in person's tag tree: every tag and each of its parents ('work' for 'work/q3'),
-- with how many notes outside the Trash carry it or one of its sub-tags. Security invoker: RLS
-- keeps it to the caller's own notes.
create function public.tag_tree()
returns table (tag text, note_count integer)
language sql
stable
security invoker
set search_path = ''
as $$
  select array_to_string((string_to_array(t.tag, '/'))[1:i], '/') as tag,
         count(distinct t.note_id)::integer as note_count
    from public.note_tags t
    join public.notes n on n.id = t.note_id and n.deleted_at is null
    cross join lateral generate_series(1, cardinality(string_to_array(t.tag, '/'))) as i
   where t.user_id = (select auth.uid())
   group by 1
   order by 1;
$$;

-- The caller's notes outside the Trash tagged with tag or one of its sub-tags, newest first.
create function public.notes_with_tag(tag text)
returns table (id uuid, title text, body text, pinned boolean, updated_at timestamptz)
language sql
stable
security invoker
set search_path = ''
as $$
  select n.id, n.title, left(n.body, 300), n.pinned, n.updated_at
    from public.notes n
   where n.deleted_at is null
     and n.owner_id = (select auth.uid())
     and exists (
       select 1 from public.note_tags t
        where t.note_id = n.id and t.user_id = (select auth.uid())
          and (t.tag = lower(notes_with_tag.tag)
               or left(t.tag, char_length(notes_with_tag.tag) + 1) = lower(notes_with_tag.tag) || '/')
     )
   order by n.pinned desc, n.updated_at desc
   limit 500;
$$;

-- The caller's notes that link to note_id, by id or by its title, each link with its sentence.
create function public.note_backlinks(note_id uuid)
returns table (source_id uuid, source_title text, context text, updated_at timestamptz)
language sql
stable
security invoker
set search_path = ''
as $$
  select s.id, s.title, l.context, s.updated_at
    from public.notes target
    join public.note_links l
      on l.user_id = (select auth.uid())
     and (l.target_id = target.id
          or (l.target_id is null and target.title <> ''
              and lower(l.target_title) = lower(target.title)))
    join public.notes s on s.id = l.source_id and s.deleted_at is null
   where target.id = note_backlinks.note_id
     and target.owner_id = (select auth.uid())
     and s.id <> target.id
   order by s.updated_at desc, l.position
   limit 200;
$$;

-- The caller's notes that name note_id's title in their text without linking to it, with the
-- text around the first mention. Titles shorter than three characters are too common to count.
create function public.note_unlinked_mentions(note_id uuid)
returns table (source_id uuid, source_title text, context text, updated_at timestamptz)
language sql
stable
security invoker
set search_path = ''
as $$
  select s.id, s.title,
         substr(s.body, greatest(1, strpos(lower(s.body), lower(target.title)) - 100),
                char_length(target.title) + 200),
         s.updated_at
    from public.notes target
    join public.notes s
      on s.owner_id = target.owner_id and s.id <> target.id and s.deleted_at is null
   where target.id = note_unlinked_mentions.note_id
     and target.owner_id = (select auth.uid())
     and char_length(target.title) >= 3
     and strpos(lower(s.body), lower(target.title)) > 0
     and not exists (
       select 1 from public.note_links l
        where l.source_id = s.id
          and (l.target_id = target.id or lower(l.target_title) = lower(target.title))
     )
   order by s.updated_at desc
   limit 50;
$$;

-- The links of a shared note that lead to notes of the same person that are shared too: the
-- share page links those to their own page and shows every other link as plain text. Anyone
-- holding the note's link may ask; it names only pages that are public already.
create function public.shared_note_links(slug text)
returns table (title text, target_slug text)
language sql
stable
security definer
set search_path = ''
as $$
  select distinct l.target_title, t.share_slug
    from public.notes n
    join public.note_links l on l.source_id = n.id
    join public.notes t
      on t.owner_id = n.owner_id and t.deleted_at is null and t.share_slug is not null
     and (l.target_id = t.id
          or (l.target_id is null and lower(l.target_title) = lower(t.title)))
   where shared_note_links.slug ~ '^[A-Za-z0-9_-]{16,64}$'
     and n.share_slug = shared_note_links.slug
     and n.deleted_at is null;
$$;

revoke execute on function public.tag_tree() from public, anon;
revoke execute on function public.notes_with_tag(text) from public, anon;
revoke execute on function public.note_backlinks(uuid) from public, anon;
revoke execute on function public.note_unlinked_mentions(uuid) from public, anon;
revoke execute on function public.shared_note_links(text) from public;
grant execute on function public.tag_tree() to authenticated, service_role;
grant execute on function public.notes_with_tag(text) to authenticated, service_role;
grant execute on function public.note_backlinks(uuid) to authenticated, service_role;
grant execute on function public.note_unlinked_mentions(uuid) to authenticated, service_role;
grant execute on function public.shared_note_links(text) to anon, authenticated, service_role;
