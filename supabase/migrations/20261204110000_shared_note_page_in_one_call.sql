-- A share page needs the note and its links to other shared notes: one call answers both, so the
-- page waits on one round trip instead of two. Same rules as shared_note() and
-- shared_note_links(), which it reads: nothing for a wrong, revoked or trashed link, and only the
-- links whose target is shared too.
create function public.shared_note_page(slug text)
returns table (
  title text,
  body text,
  updated_at timestamptz,
  author_name text,
  indexable boolean,
  links jsonb
)
language sql
stable
security definer
set search_path = ''
as $$
  select n.title, n.body, n.updated_at, n.author_name, n.indexable,
         coalesce(
           (select jsonb_agg(jsonb_build_object('title', l.title, 'target_slug', l.target_slug))
              from public.shared_note_links(shared_note_page.slug) l),
           '[]'::jsonb
         )
    from public.shared_note(shared_note_page.slug) n;
$$;

revoke execute on function public.shared_note_page(text) from public, anon, authenticated;
grant execute on function public.shared_note_page(text) to anon, authenticated, service_role;
