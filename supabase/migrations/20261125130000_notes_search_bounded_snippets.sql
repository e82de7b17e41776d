-- Search snippets are cut from the first 2,000 characters of each body, not the whole of it:
-- headlining every word of a long note (up to 200,000 characters) cost seconds per search, and
-- a search holds the database for as long as it runs. Matching and ranking still use the whole
-- note (its stored `search` vector), so a note whose match lies further in is still found, in
-- the same order; its snippet is then its opening words. A prefix is read without reading the
-- rest of a long body.

create or replace function public.search_notes(query text, max_results integer default 20)
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
  ),
  hits as (
    select n.id, n.title, pg_catalog.substr(n.body, 1, 2000) as opening, n.pinned, n.updated_at,
      pg_catalog.ts_rank_cd(n.search, q.tsq) as rank
    from public.notes n, q
    where n.deleted_at is null and n.search @@ q.tsq
    order by rank desc, n.updated_at desc
    limit least(greatest(coalesce(max_results, 20), 1), 100)
  )
  -- Headlines only for the rows returned, each over its body's opening only.
  select
    h.id,
    h.title,
    pg_catalog.ts_headline('english', public.note_plain_text(h.title), q.tsq,
      'HighlightAll=true, StartSel=' || chr(57344) || ', StopSel=' || chr(57345)) as title_highlighted,
    pg_catalog.ts_headline('english', public.note_plain_text(h.opening), q.tsq,
      'StartSel=' || chr(57344) || ', StopSel=' || chr(57345)
      || ', MaxFragments=2, MaxWords=24, MinWords=8, FragmentDelimiter=" … "') as snippet,
    h.rank,
    h.pinned,
    h.updated_at
  from hits h, q
  order by h.rank desc, h.updated_at desc;
$$;
