-- Search results show words, not Markdown: titles and bodies keep the Markdown the editor writes,
-- so snippets are cut from a plain-text reading of them. The match markers (U+E000/U+E001) are
-- removed from the text first, so a note's own characters can never pose as a highlight.

create function public.note_plain_text(markdown text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select pg_catalog.regexp_replace(pg_catalog.regexp_replace(pg_catalog.regexp_replace(
    pg_catalog.regexp_replace(pg_catalog.regexp_replace(pg_catalog.regexp_replace(
    pg_catalog.regexp_replace(pg_catalog.regexp_replace(
      pg_catalog.translate(markdown, chr(57344) || chr(57345), ''),
      -- code fences and horizontal rules say nothing on their own
      '^[ \t]*(```[^\n]*|([-*_][ \t]*){3,})$', '', 'gn'),
      -- block markers: quotes, headings, bullets, checkboxes, numbers
      '^[ \t]*((>[ \t]?)+[ \t]*)?(#{1,6}[ \t]+|[-*+][ \t]+(\[[ xX]\][ \t]+)?|\d+[.)][ \t]+)?', '', 'gn'),
      -- images and links keep their words
      '!?\[([^\]\n]*)\]\([^)\n]*\)', '\1', 'g'),
      '(\*\*|__|~~|`)', '', 'g'),
      -- single-star emphasis only where it hugs a word, so "2 * 3" stays
      '\*([^*\s][^*\n]*[^*\s]|[^*\s])\*', '\1', 'g'),
      '(^|[^[:alnum:]])_([^_\s][^_\n]*[^_\s]|[^_\s])_($|[^[:alnum:]])', '\1\2\3', 'g'),
      -- Markdown escapes (\*, \#, \[) read as the character itself
      '\\([][\\`*_{}()#+.!>~|-])', '\1', 'g'),
      '\n{3,}', E'\n\n', 'g');
$$;

comment on function public.note_plain_text(text) is
  'A note''s Markdown as the words a person reads, for search snippets.';

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
    select n.id, n.title, n.body, n.pinned, n.updated_at,
      pg_catalog.ts_rank_cd(n.search, q.tsq) as rank
    from public.notes n, q
    where n.deleted_at is null and n.search @@ q.tsq
    order by rank desc, n.updated_at desc
    limit least(greatest(coalesce(max_results, 20), 1), 100)
  )
  -- Headlines only for the rows returned: they are the costly part.
  select
    h.id,
    h.title,
    pg_catalog.ts_headline('english', public.note_plain_text(h.title), q.tsq,
      'HighlightAll=true, StartSel=' || chr(57344) || ', StopSel=' || chr(57345)) as title_highlighted,
    pg_catalog.ts_headline('english', public.note_plain_text(h.body), q.tsq,
      'StartSel=' || chr(57344) || ', StopSel=' || chr(57345)
      || ', MaxFragments=2, MaxWords=24, MinWords=8, FragmentDelimiter=" … "') as snippet,
    h.rank,
    h.pinned,
    h.updated_at
  from hits h, q
  order by h.rank desc, h.updated_at desc;
$$;

revoke execute on function public.note_plain_text(text) from public, anon;
grant execute on function public.note_plain_text(text) to authenticated, service_role;
