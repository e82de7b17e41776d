-- A note's page shows both lists under the note, the notes linking to it and those naming it
-- without a link: one call returns both, so the page makes one round trip for them instead of two.
-- `linked` tells the lists apart; each keeps its own order and limit. Security invoker, as the
-- two functions it reads: the caller sees only what they may see of their own notes.
create function public.note_mentions(note_id uuid)
returns table (
  linked boolean,
  source_id uuid,
  source_title text,
  context text,
  updated_at timestamptz
)
language sql
stable
security invoker
set search_path = ''
as $$
  select m.linked, m.source_id, m.source_title, m.context, m.updated_at
    from (
      select true as linked, b.source_id, b.source_title, b.context, b.updated_at, b.ord
        from public.note_backlinks(note_mentions.note_id)
             with ordinality as b(source_id, source_title, context, updated_at, ord)
      union all
      select false, u.source_id, u.source_title, u.context, u.updated_at, u.ord
        from public.note_unlinked_mentions(note_mentions.note_id)
             with ordinality as u(source_id, source_title, context, updated_at, ord)
    ) as m
   order by m.linked desc, m.ord;
$$;

revoke execute on function public.note_mentions(uuid) from public, anon;
grant execute on function public.note_mentions(uuid) to authenticated, service_role;
