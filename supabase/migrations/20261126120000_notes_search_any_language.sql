-- Search finds any word in any language: besides full-text search (stems, phrases, "or", minus),
-- a plain query also matches as a substring of the note's text, folded to lower case without
-- accents. So part of a word ("lanter" finds "lantern"), Chinese, Japanese, Korean or Thai typed
-- without spaces, and "cafe" for "café" are all found. A trigram index keeps substring matching
-- fast; the folded text lives in its own table so that reading notes never carries it.
--
-- Results can be narrowed by `filters` (a JSON object): pinned, has_attachments, updated_after,
-- updated_before, folder (a folder's id: its notes and those of every folder below it) and tag (a
-- tag's path: its notes and those of its sub-tags). An unknown key is refused rather than ignored,
-- so a client never believes a filter was applied when it was not.

create extension if not exists pg_trgm with schema extensions;
create extension if not exists unaccent with schema extensions;

-- unaccent() is only stable (its dictionary could change); naming the dictionary makes it safe to
-- index, as the unaccent documentation suggests for an immutable wrapper.
create function public.search_fold(value text)
returns text
language sql
immutable
parallel safe
strict
set search_path = ''
as $$
  select pg_catalog.lower(extensions.unaccent('extensions.unaccent'::regdictionary, value));
$$;

comment on function public.search_fold(text) is
  'Text as search compares it: lower case, without accents.';

create table public.note_search (
  note_id uuid primary key references public.notes (id) on delete cascade,
  owner_id uuid not null references auth.users (id) on delete cascade,
  folded text not null
);

comment on table public.note_search is
  'A note''s title and body folded for substring search; written by a trigger on notes only.';

alter table public.note_search enable row level security;

create policy "note_search: owners read their own" on public.note_search
  for select to authenticated
  using (owner_id = (select auth.uid()));

revoke all on table public.note_search from public, anon, authenticated;
grant select on table public.note_search to authenticated;
grant all on table public.note_search to service_role;

create index note_search_folded_trgm_idx on public.note_search
  using gin (folded extensions.gin_trgm_ops);

-- Follows every write of a note's text, whoever writes it (the server deriving it from the
-- document, an import, the seed). Security definer: nobody else may write the folded copy.
create function public.notes_fold_for_search()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.note_search (note_id, owner_id, folded)
    values (new.id, new.owner_id, public.search_fold(new.title || E'\n' || new.body))
  on conflict (note_id) do update
    set owner_id = excluded.owner_id, folded = excluded.folded;
  return null;
end;
$$;

create trigger notes_fold_for_search
after insert or update of title, body, owner_id on public.notes
for each row execute function public.notes_fold_for_search();

revoke execute on function public.notes_fold_for_search() from public, anon, authenticated;

insert into public.note_search (note_id, owner_id, folded)
  select n.id, n.owner_id, public.search_fold(n.title || E'\n' || n.body) from public.notes n
  on conflict (note_id) do nothing;

-- Where folding kept the length (nearly always), a position in the folded text is the same
-- position in the text; where it did not ("ß" folds to "ss"), the position is found by folding
-- prefixes, halving the range each time.
create function public.search_fold_position(plain text, folded_at integer, same boolean)
returns integer
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  lo integer := 1;
  hi integer := pg_catalog.length(plain) + 1;
  mid integer;
begin
  if same then
    return folded_at;
  end if;
  while lo < hi loop
    mid := (lo + hi) / 2;
    if pg_catalog.length(public.search_fold(pg_catalog.left(plain, mid - 1))) >= folded_at - 1 then
      hi := mid;
    else
      lo := mid + 1;
    end if;
  end loop;
  return lo;
end;
$$;

-- `plain` with every occurrence of any of `terms` (already folded) between the match markers
-- U+E000/U+E001, compared without case or accents; the text itself is kept as written.
create function public.search_mark(plain text, terms text[])
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  folded text := public.search_fold(plain);
  same boolean := pg_catalog.length(folded) = pg_catalog.length(plain);
  result text := '';
  at integer := 1;
  done integer := 1;
  best integer;
  best_len integer;
  p integer;
  t text;
  s integer;
  e integer;
  marks integer := 0;
begin
  if plain is null or terms is null or pg_catalog.cardinality(terms) = 0 then
    return plain;
  end if;
  loop
    best := 0;
    best_len := 0;
    foreach t in array terms loop
      p := pg_catalog.strpos(pg_catalog.substr(folded, at), t);
      if p > 0 and (best = 0 or p < best or (p = best and pg_catalog.length(t) > best_len)) then
        best := p;
        best_len := pg_catalog.length(t);
      end if;
    end loop;
    exit when best = 0 or marks >= 50;
    s := public.search_fold_position(plain, at + best - 1, same);
    e := public.search_fold_position(plain, at + best - 1 + best_len, same);
    result := result || pg_catalog.substr(plain, done, s - done)
      || chr(57344) || pg_catalog.substr(plain, s, e - s) || chr(57345);
    at := at + best - 1 + best_len;
    done := e;
    marks := marks + 1;
  end loop;
  return result || pg_catalog.substr(plain, done);
end;
$$;

-- Some words around the first match of any of `terms` in `plain`, with the matches marked; null
-- when none of them is in it.
create function public.search_snippet(plain text, terms text[])
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  folded text := public.search_fold(plain);
  first integer := 0;
  p integer;
  t text;
  start integer;
  len constant integer := 220;
  space integer;
  piece text;
begin
  if plain is null or terms is null then
    return null;
  end if;
  foreach t in array terms loop
    p := pg_catalog.strpos(folded, t);
    if p > 0 and (first = 0 or p < first) then
      first := p;
    end if;
  end loop;
  if first = 0 then
    return null;
  end if;
  first := public.search_fold_position(plain, first,
    pg_catalog.length(folded) = pg_catalog.length(plain));
  start := greatest(1, first - 60);
  -- Begin at a word where there is one close by, not in the middle of it.
  if start > 1 then
    space := pg_catalog.strpos(pg_catalog.substr(plain, start, first - start), ' ');
    if space > 0 then
      start := start + space;
    end if;
  end if;
  piece := pg_catalog.substr(plain, start, len);
  piece := pg_catalog.regexp_replace(piece, '\s+', ' ', 'g');
  return case when start > 1 then '… ' else '' end
    || public.search_mark(pg_catalog.btrim(piece), terms)
    || case when start + len <= pg_catalog.length(plain) then ' …' else '' end;
end;
$$;

-- The narrowings search knows; anything else is a 400 that names it.
create function public.search_filters_check(filters jsonb)
returns void
language plpgsql
immutable
set search_path = ''
as $$
declare
  key text;
begin
  if filters is null then
    return;
  end if;
  if pg_catalog.jsonb_typeof(filters) <> 'object' then
    raise exception using errcode = '22023', message = 'Search filters must be a JSON object.';
  end if;
  for key in select pg_catalog.jsonb_object_keys(filters) loop
    if key not in ('pinned', 'has_attachments', 'updated_after', 'updated_before', 'folder', 'tag')
    then
      raise exception using errcode = '22023',
        message = pg_catalog.format('Unknown search filter: %s.', key),
        hint = 'Known filters: pinned, has_attachments, updated_after, updated_before, folder, tag.';
    end if;
  end loop;
end;
$$;

drop function public.search_notes(text, integer);

create function public.search_notes(
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
  candidates as (
    select n.id from public.notes n, q where n.search @@ q.tsq
    union
    select s.note_id from public.note_search s, q
    where q.terms is not null
      and s.folded like '%' || pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
        q.terms[1], '\', '\\'), '%', '\%'), '_', '\_') || '%'
      and not exists (
        select 1 from pg_catalog.unnest(q.terms[2:]) t where pg_catalog.strpos(s.folded, t) = 0
      )
  ),
  hits as (
    select n.id, n.title, pg_catalog.substr(n.body, 1, 2000) as opening, n.pinned, n.updated_at,
      n.search @@ q.tsq as full_text,
      pg_catalog.ts_rank_cd(n.search, q.tsq)
        + case
            when q.terms is not null and not exists (
              select 1 from pg_catalog.unnest(q.terms) t
              where pg_catalog.strpos(public.search_fold(n.title), t) = 0
            ) then 0.1
            else 0
          end as rank
    from candidates c
    join public.notes n on n.id = c.id
    cross join q
    cross join f
    where n.deleted_at is null
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
    order by rank desc, n.updated_at desc
    limit least(greatest(coalesce(max_results, 20), 1), 100)
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

-- Search is for signed-in people; its parts are not an API of their own for visitors.
revoke execute on function public.search_notes(text, integer, jsonb) from public, anon;
revoke execute on function public.search_fold(text) from public, anon;
revoke execute on function public.search_fold_position(text, integer, boolean) from public, anon;
revoke execute on function public.search_mark(text, text[]) from public, anon;
revoke execute on function public.search_snippet(text, text[]) from public, anon;
revoke execute on function public.search_filters_check(jsonb) from public, anon;
grant execute on function public.search_notes(text, integer, jsonb) to authenticated, service_role;
grant execute on function public.search_fold(text) to authenticated, service_role;
grant execute on function public.search_fold_position(text, integer, boolean)
  to authenticated, service_role;
grant execute on function public.search_mark(text, text[]) to authenticated, service_role;
grant execute on function public.search_snippet(text, text[]) to authenticated, service_role;
grant execute on function public.search_filters_check(jsonb) to authenticated, service_role;

comment on function public.search_notes(text, integer, jsonb) is
  'The caller''s notes matching `query` (full text, or substrings of any script, without accents), '
  'best first, narrowed by `filters`: pinned, has_attachments, updated_after, updated_before, '
  'folder (with the folders below it), tag (with its sub-tags).';
