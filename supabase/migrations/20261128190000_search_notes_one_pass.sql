-- Search reads each of the caller's notes once: the full-text and substring passes were two
-- scans whose ~8,000 matches each (a word in most notes) were merged, sorted and de-duplicated,
-- then looked up note by note in notes and in their folded copies before 500 were kept. Now the
-- folded copies are scanned once for the substring matches (and whether each title holds every
-- word), and the notes once, each asked whether it is one of those or matches in full text. The
-- same 500 are kept and ranked, so results and their order are those of 20261127140100.

create or replace function public.search_notes(
  query text,
  max_results integer default 20,
  filters jsonb default '{}'::jsonb
)
returns table (
  id uuid,
  title text,
  title_highlighted text,
  snippet text,
  rank real,
  pinned boolean,
  updated_at timestamptz
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform public.search_filters_check(filters);
  return query
  with recursive f as (
    select (filters ->> 'pinned')::boolean as pinned,
      (filters ->> 'has_attachments')::boolean as has_attachments,
      (filters ->> 'updated_after')::timestamptz as updated_after,
      (filters ->> 'updated_before')::timestamptz as updated_before,
      (filters ->> 'folder')::uuid as folder,
      -- Tags are kept in lower case without '#'.
      pg_catalog.lower(pg_catalog.ltrim(filters ->> 'tag', '#')) as tag
  ),
  -- The chosen folder and every folder below it, as far as the caller may read them.
  scope (id) as (
    select f.folder from f where f.folder is not null
    union all
    select c.id from public.folders c join scope s on c.parent_id = s.id
  ),
  words as (
    -- Each word of a plain query, folded, without the punctuation around it; at most eight.
    select pg_catalog.array_agg(w order by pg_catalog.length(w) desc, w) as terms
    from (
      select distinct w from (
        select pg_catalog.btrim(w, '!"#$%&''()*+,-./:;<=>?@[\]^_`{|}~') as w
        from pg_catalog.regexp_split_to_table(
          public.search_fold(pg_catalog.translate(query, chr(57344) || chr(57345), '')), '\s+'
        ) as w
      ) t
      where w <> ''
      limit 8
    ) d
  ),
  q as (
    select case
      when query ~ '[[:alnum:]]$' and websearch_to_tsquery('english', query)::text ~ '''$'
        then (websearch_to_tsquery('english', query)::text || ':*')::tsquery
      else websearch_to_tsquery('english', query)
    end as tsq,
    -- Substrings for a plain query only: phrases, "or" and minus keep their full-text meaning.
    -- A short Latin word is left to full-text search (as a prefix); one letter of another script
    -- can be a word.
    case
      when query !~ '"' and query !~* '(^|\s)or(\s|$)' and query !~ '(^|\s)-\S'
        and words.terms is not null
        and (pg_catalog.length(words.terms[1]) >= 3 or query ~ '[^\x01-\x7f]')
        then words.terms
    end as terms
    from words
  ),
  -- The substring pass: each folded copy read once, with whether its title holds every word (a
  -- title that holds them makes the note a substring match, so no other note is a title match).
  sub as materialized (
    select s.note_id,
      not exists (
        select 1 from pg_catalog.unnest(q.terms) t
        where pg_catalog.strpos(pg_catalog.split_part(s.folded, E'\n', 1), t) = 0
      ) as in_title
    from public.note_search s, q
    where q.terms is not null
      and s.folded like '%' || pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
        q.terms[1], '\', '\\'), '%', '\%'), '_', '\_') || '%'
      and (pg_catalog.cardinality(q.terms) = 1 or not exists (
        select 1 from pg_catalog.unnest(q.terms[2:]) t where pg_catalog.strpos(s.folded, t) = 0
      ))
  ),
  -- Every match, each note once, in one pass over the caller's notes: a substring match by its
  -- id (looked up in a hashed set, not joined), else full-text search. The filters keep the
  -- matches, most likely first without reading their text: those whose title holds every word,
  -- then the newest. Only the first 500 are ranked, so a word in every note does not rank every
  -- note.
  matched as (
    select n.id, n.pinned, n.updated_at,
      n.id in (select sub.note_id from sub where sub.in_title) as in_title
    from public.notes n
    cross join q
    cross join f
    where n.deleted_at is null
      and (n.id in (select sub.note_id from sub) or n.search @@ q.tsq)
      and (f.pinned is null or n.pinned = f.pinned)
      and (f.has_attachments is null
        or (pg_catalog.strpos(n.body, '](attachment:') > 0) = f.has_attachments)
      and (f.updated_after is null or n.updated_at >= f.updated_after)
      and (f.updated_before is null or n.updated_at < f.updated_before)
      and (f.folder is null or n.folder_id in (select scope.id from scope))
      and (f.tag is null or exists (
        select 1 from public.note_tags t
        where t.note_id = n.id
          and (t.tag = f.tag or pg_catalog.starts_with(t.tag, f.tag || '/'))
      ))
    order by in_title desc, n.updated_at desc
    limit 500
  ),
  ranked as materialized (
    select m.id, m.pinned, m.updated_at, n.search @@ q.tsq as full_text,
      pg_catalog.ts_rank_cd(n.search, q.tsq) + case when m.in_title then 0.1 else 0 end as rank
    from matched m
    join public.notes n on n.id = m.id
    cross join q
    order by rank desc, m.updated_at desc
    limit least(greatest(coalesce(max_results, 20), 1), 100)
  ),
  -- The text of the rows returned only.
  hits as (
    select r.id, n.title, pg_catalog.substr(n.body, 1, 2000) as opening, r.pinned, r.updated_at,
      r.full_text, r.rank
    from ranked r
    join public.notes n on n.id = r.id
  ),
  -- Headlines only for the rows returned, each over its body's opening only (the 2,000 characters
  -- bound of 20261125130000). Full-text headlines where they mark a match, else substring marks.
  plain as materialized (
    select h.*, public.note_plain_text(h.title) as title_plain,
      public.note_plain_text(h.opening) as opening_plain
    from hits h
  ),
  shown as materialized (
    select p.*,
      pg_catalog.ts_headline('english', p.title_plain, q.tsq,
        'HighlightAll=true, StartSel=' || chr(57344) || ', StopSel=' || chr(57345)) as title_fts,
      pg_catalog.ts_headline('english', p.opening_plain, q.tsq,
        'StartSel=' || chr(57344) || ', StopSel=' || chr(57345)
        || ', MaxFragments=2, MaxWords=24, MinWords=8, FragmentDelimiter=" … "') as snippet_fts,
      q.terms,
      -- Beyond ASCII, full-text search reads a run of letters without spaces as one word and
      -- would mark all of it; the substring marks say exactly what matched.
      query ~ '[^\x01-\x7f]' as other_script
    from plain p, q
  )
  select
    s.id,
    s.title,
    case
      when s.terms is null or (s.title_fts like '%' || chr(57344) || '%' and not s.other_script)
        then s.title_fts
      else public.search_mark(s.title_plain, s.terms)
    end,
    case
      when s.terms is null
        or (s.full_text and s.snippet_fts like '%' || chr(57344) || '%' and not s.other_script)
        then s.snippet_fts
      else coalesce(public.search_snippet(s.opening_plain, s.terms),
        s.snippet_fts)
    end,
    s.rank::real,
    s.pinned,
    s.updated_at
  from shown s
  order by s.rank desc, s.updated_at desc;
end;
$$;

