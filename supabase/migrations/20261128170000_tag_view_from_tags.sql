-- A tag's view starts from the tag's rows instead of from every note: the caller's notes were
-- each checked for the tag (10,000 notes for a tag on 1,000), now the tag and its sub-tags are
-- read from the (user_id, tag) index as one range and only their notes are fetched.
-- Sub-tags are the tags that start with 'tag/': in byte order exactly those from 'tag/' up to,
-- not including, 'tag0' ('0' follows '/'), which text_pattern_ops compares as bytes.

create or replace function public.notes_with_tag(tag text)
returns table (id uuid, title text, body text, pinned boolean, updated_at timestamptz)
language sql
stable
security invoker
set search_path = ''
as $$
  with tagged as (
    select distinct t.note_id
      from public.note_tags t
     where t.user_id = (select auth.uid())
       and (t.tag = pg_catalog.lower(notes_with_tag.tag)
            or (t.tag operator(pg_catalog.~>=~) (pg_catalog.lower(notes_with_tag.tag) || '/')
                and t.tag operator(pg_catalog.~<~) (pg_catalog.lower(notes_with_tag.tag) || '0')))
  )
  select n.id, n.title, pg_catalog.left(n.body, 300), n.pinned, n.updated_at
    from tagged
    join public.notes n on n.id = tagged.note_id
   where n.deleted_at is null
     and n.owner_id = (select auth.uid())
   order by n.pinned desc, n.updated_at desc
   limit 500;
$$;
