-- Who has access to a note now also says where each person's picture is, so the faces of those
-- who have the note open and of comment authors can be shown by everyone with access, and the
-- names and pictures shown come from the server rather than from what a device says of itself.
-- A function's result columns cannot change in place: it is made again, with the same checks and
-- the same grants.
drop function public.note_people(uuid);

create function public.note_people(note_id uuid)
returns table (user_id uuid, role text, name text, email text, avatar_path text)
language sql
stable
security definer
set search_path = ''
as $$
  with me as (select public.note_role(note_people.note_id) as role)
  select x.user_id, x.role,
         coalesce(nullif(p.display_name, ''), p.username, ''),
         case when me.role = 'owner' then u.email end,
         p.avatar_path
    from me,
         (select n.owner_id as user_id, 'owner'::text as role, 0 as ord
            from public.notes n where n.id = note_people.note_id
          union all
          select m.user_id, m.role, 1 from public.note_members m
           where m.note_id = note_people.note_id) as x
    left join public.profiles p on p.id = x.user_id
    left join auth.users u on u.id = x.user_id
   where me.role is not null
   order by x.ord, 3, x.user_id;
$$;

revoke execute on function public.note_people(uuid) from public, anon;
grant execute on function public.note_people(uuid) to authenticated, service_role;
