-- The notes shared with the signed-in person now say whose they are by id too: a device keeps them
-- to list and open with no network, and a note's files live under its owner's id. Same rows, same
-- order, same rights; one more column (a function's columns change only by making it again).
drop function public.shared_with_me();

create function public.shared_with_me()
returns table (
  id uuid,
  title text,
  body_start text,
  updated_at timestamptz,
  role text,
  owner_name text,
  owner_id uuid
)
language sql
stable
security definer
set search_path = ''
as $$
  select n.id, n.title, left(n.body, 160), n.updated_at, public.note_role(n.id),
         coalesce(nullif(p.display_name, ''), p.username, ''), n.owner_id
    from public.notes n
    left join public.profiles p on p.id = n.owner_id
   where n.deleted_at is null
     and n.id in (select public.shared_note_ids())
   order by n.updated_at desc, n.id desc
   limit 500;
$$;

revoke execute on function public.shared_with_me() from public, anon;
grant execute on function public.shared_with_me() to authenticated, service_role;
