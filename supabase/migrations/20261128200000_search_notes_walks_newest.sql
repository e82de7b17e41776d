-- Search stops reading once it has its 500 candidates. It ranks only the first 500 matches
-- (those whose title holds every word, then the newest), yet it tested every note: a word in most
-- notes read all 10,000 folded copies and notes, then sorted 8,000 matches. Now it walks the
-- caller's live notes newest first through a new (owner_id, updated_at) index, testing each by
-- full text or by its folded copy looked up by id: when the newest 200 show the word is common,
-- it reads the title matches (from the folded titles, newest first) and walks on until 500 match
-- (about 600 notes for a common word). When the newest notes hold too few matches for that (a
-- rare word, a CJK phrase, a narrow filter), the one pass over every note of 20261128190000 runs
-- as before. Both keep the same 500 candidates, so results and their order do not change. The
-- new index also serves the palette's newest titles. (Under RLS the trigram and full-text
-- indexes cannot serve LIKE or @@: neither operator is leakproof, so Postgres tests them only
-- after the policies, row by row.)

create index if not exists notes_owner_live_updated_idx
  on public.notes (owner_id, updated_at desc)
  where deleted_at is null;

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
declare
  -- The walk first reads the newest 200 notes; if at least a sixth of those match, it reads on
  -- through the newest 3,000 until 500 match. Otherwise, or when those hold fewer than 500
  -- matches, every note is tested instead.
  first_window constant integer := 200;
  last_window constant integer := 3000;
  walk_window integer := first_window;
  me uuid;
  shared uuid[];
  f_pinned boolean;
  f_has_attachments boolean;
  f_updated_after timestamptz;
  f_updated_before timestamptz;
  f_folder uuid;
  f_tag text;
  f_scope uuid[];
  q_tsq tsquery;
  q_terms text[];
  q_like text;
  titled uuid[];
  walked uuid[];
  candidates uuid[];
begin
  perform public.search_filters_check(filters);
  me := (select auth.uid());
  f_pinned := (filters ->> 'pinned')::boolean;
  f_has_attachments := (filters ->> 'has_attachments')::boolean;
  f_updated_after := (filters ->> 'updated_after')::timestamptz;
  f_updated_before := (filters ->> 'updated_before')::timestamptz;
  f_folder := (filters ->> 'folder')::uuid;
  -- Tags are kept in lower case without '#'.
  f_tag := pg_catalog.lower(pg_catalog.ltrim(filters ->> 'tag', '#'));

  -- The chosen folder and every folder below it, as far as the caller may read them.
  if f_folder is not null then
    with recursive scope (id) as (
      select f_folder
      union all
      select c.id from public.folders c join scope s on c.parent_id = s.id
    )
    select pg_catalog.array_agg(scope.id) into f_scope from scope;
  end if;

  with words as (
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
  )
  select case
      when query ~ '[[:alnum:]]$' and websearch_to_tsquery('english', query)::text ~ '''$'
        then (websearch_to_tsquery('english', query)::text || ':*')::tsquery
      else websearch_to_tsquery('english', query)
    end,
    -- Substrings for a plain query only: phrases, "or" and minus keep their full-text meaning.
    -- A short Latin word is left to full-text search (as a prefix); one letter of another script
    -- can be a word.
    case
      when query !~ '"' and query !~* '(^|\s)or(\s|$)' and query !~ '(^|\s)-\S'
        and words.terms is not null
        and (pg_catalog.length(words.terms[1]) >= 3 or query ~ '[^\x01-\x7f]')
        then words.terms
    end
  into q_tsq, q_terms
  from words;
  q_like := '%' || pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
    q_terms[1], '\', '\\'), '%', '\%'), '_', '\_') || '%';

  if q_terms is not null or pg_catalog.numnode(q_tsq) > 0 then
    shared := array(select public.shared_note_ids());
    -- The walk: the caller's own live notes and those shared with them, newest first through
    -- the (owner_id, updated_at) index, each tested by full text or by its folded copy (looked
    -- up by id) until 500 match. The 500 newest matches hold the newest ones whose title does
    -- not hold every word, as many as the title matches leave room for.
    loop
    select pg_catalog.array_agg(w.id) into walked
    from (
      select n.id
      from (
        (select o.id, o.updated_at, o.pinned, o.folder_id, o.body, o.search from public.notes o
          where o.owner_id = me and o.deleted_at is null
          order by o.updated_at desc
          limit walk_window)
        union all
        (select o.id, o.updated_at, o.pinned, o.folder_id, o.body, o.search from public.notes o
          where o.id = any (shared) and o.owner_id is distinct from me and o.deleted_at is null
          order by o.updated_at desc
          limit walk_window)
        order by updated_at desc
        limit walk_window
      ) n
      where (f_pinned is null or n.pinned = f_pinned)
        and (f_has_attachments is null
          or (pg_catalog.strpos(n.body, '](attachment:') > 0) = f_has_attachments)
        and (f_updated_after is null or n.updated_at >= f_updated_after)
        and (f_updated_before is null or n.updated_at < f_updated_before)
        and (f_folder is null or n.folder_id = any (f_scope))
        and (f_tag is null or exists (
          select 1 from public.note_tags t
          where t.note_id = n.id
            and (t.tag = f_tag or pg_catalog.starts_with(t.tag, f_tag || '/'))
        ))
        and (n.search @@ q_tsq or (q_terms is not null and (
          -- One note's folded copy by its id (a subquery per note, never a scan of them all).
          select not exists (
              select 1 from pg_catalog.unnest(q_terms) t where pg_catalog.strpos(s.folded, t) = 0
            )
          from public.note_search s
          where s.note_id = n.id
        )))
      order by n.updated_at desc
      limit 500
    ) w;
    exit when pg_catalog.cardinality(walked) = 500
      or walk_window >= last_window
      or coalesce(pg_catalog.cardinality(walked), 0) * last_window < 500 * walk_window;
    -- Matches are dense enough to walk on. The title matches first: when there are 500, no other
    -- note is ranked. (The first window is under 500 notes, so they are always read before the
    -- walk can end with 500.)
    -- The notes whose title holds every word, newest first (at most 500: those rank first). Each
    -- one is also a substring match, as its title is part of its folded copy.
    if q_terms is not null then
      select pg_catalog.array_agg(t.id) into titled
      from (
        select n.id
        from public.note_search s
        join public.notes n on n.id = s.note_id
        where pg_catalog.split_part(s.folded, E'\n', 1) like q_like
          and not exists (
            select 1 from pg_catalog.unnest(q_terms) w
            where pg_catalog.strpos(pg_catalog.split_part(s.folded, E'\n', 1), w) = 0
          )
          and n.deleted_at is null
          and (f_pinned is null or n.pinned = f_pinned)
          and (f_has_attachments is null
            or (pg_catalog.strpos(n.body, '](attachment:') > 0) = f_has_attachments)
          and (f_updated_after is null or n.updated_at >= f_updated_after)
          and (f_updated_before is null or n.updated_at < f_updated_before)
          and (f_folder is null or n.folder_id = any (f_scope))
          and (f_tag is null or exists (
            select 1 from public.note_tags t
            where t.note_id = n.id
              and (t.tag = f_tag or pg_catalog.starts_with(t.tag, f_tag || '/'))
          ))
        order by n.updated_at desc
        limit 500
      ) t;
    end if;
    exit when pg_catalog.cardinality(titled) = 500;
    walk_window := last_window;
    end loop;
    if pg_catalog.cardinality(titled) = 500 then
      candidates := titled;
    elsif pg_catalog.cardinality(walked) = 500 then
      candidates := coalesce(titled, '{}') || walked;
    end if;
  end if;

  if candidates is null then
    -- Too few matches among the newest notes: every note is tested, as in 20261128190000 (each
    -- folded copy read once for substrings, then the notes once).
    with sub as materialized (
      select s.note_id,
        not exists (
          select 1 from pg_catalog.unnest(q_terms) t
          where pg_catalog.strpos(pg_catalog.split_part(s.folded, E'\n', 1), t) = 0
        ) as in_title
      from public.note_search s
      where q_terms is not null
        and s.folded like q_like
        and (pg_catalog.cardinality(q_terms) = 1 or not exists (
          select 1 from pg_catalog.unnest(q_terms[2:]) t where pg_catalog.strpos(s.folded, t) = 0
        ))
    ),
    matched as (
      select n.id, n.id in (select sub.note_id from sub where sub.in_title) as in_title
      from public.notes n
      where n.deleted_at is null
        and (n.id in (select sub.note_id from sub) or n.search @@ q_tsq)
        and (f_pinned is null or n.pinned = f_pinned)
        and (f_has_attachments is null
          or (pg_catalog.strpos(n.body, '](attachment:') > 0) = f_has_attachments)
        and (f_updated_after is null or n.updated_at >= f_updated_after)
        and (f_updated_before is null or n.updated_at < f_updated_before)
        and (f_folder is null or n.folder_id = any (f_scope))
        and (f_tag is null or exists (
          select 1 from public.note_tags t
          where t.note_id = n.id
            and (t.tag = f_tag or pg_catalog.starts_with(t.tag, f_tag || '/'))
        ))
      order by in_title desc, n.updated_at desc
      limit 500
    )
    select coalesce(pg_catalog.array_agg(m.id), '{}'),
      pg_catalog.array_agg(m.id) filter (where m.in_title)
    into candidates, titled
    from matched m;
  end if;

  return query
  with q as (
    select q_tsq as tsq, q_terms as terms
  ),
  -- The candidates, each once, most likely first without reading their text: those whose title
  -- holds every word, then the newest; only these 500 are ranked.
  -- Each read once by its id, with the full-text vector it is ranked by.
  matched as (
    select n.id, n.pinned, n.updated_at, n.search, n.id = any (coalesce(titled, '{}')) as in_title
    from public.notes n
    where n.id = any (candidates)
    order by in_title desc, n.updated_at desc
    limit 500
  ),
  ranked as materialized (
    select m.id, m.pinned, m.updated_at, m.search @@ q.tsq as full_text,
      pg_catalog.ts_rank_cd(m.search, q.tsq) + case when m.in_title then 0.1 else 0 end as rank
    from matched m
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
