-- A note's page lists the notes that name it without a link. That compared the lower-cased body of
-- every one of the person's notes with the title: with 10,000 notes, about 350 ms of the database
-- for each note opened. The folded copy search keeps (note_search: title and body, lower case,
-- without accents) has a trigram index; a note whose body holds the title holds it there too, so
-- the index finds the few candidates and the exact comparison is made on those alone. The pattern
-- is read once, before the scan, so the planner can use the index for it; `%`, `_` and `\` in a
-- title are matched as themselves. The same rows come back, in the same order.
create or replace function public.note_unlinked_mentions(note_id uuid)
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
    join public.note_search f
      on f.owner_id = target.owner_id and f.note_id <> target.id
     and f.folded like (
       select '%' || replace(replace(replace(public.search_fold(t.title),
                '\', '\\'), '%', '\%'), '_', '\_') || '%'
         from public.notes t
        where t.id = note_unlinked_mentions.note_id
     )
    join public.notes s on s.id = f.note_id and s.deleted_at is null
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
