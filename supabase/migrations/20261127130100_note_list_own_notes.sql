-- A person's lists (All notes, a folder, the Trash) hold their own notes: notes shared with them
-- are listed under "Shared with me" instead, so another person's note never appears among one's
-- own, nor another person's Trash in one's Trash. Read without a person (the service role), it
-- holds every note, as before. Same columns, same rights.
create or replace view public.note_list
with (security_invoker = true)
as
select
  id,
  owner_id,
  title,
  left(body, 160) as body_start,
  pinned,
  created_at,
  updated_at,
  deleted_at,
  folder_id
from public.notes
where coalesce(owner_id = (select auth.uid()), true);

-- The notes shared with the signed-in person, directly or through a folder, with their role and
-- the name of who shares them; newest first. Security definer for the owner's name (profiles are
-- their person's own), and limited to shared_note_ids(), the notes the caller may read.
create function public.shared_with_me()
returns table (
  id uuid,
  title text,
  body_start text,
  updated_at timestamptz,
  role text,
  owner_name text
)
language sql
stable
security definer
set search_path = ''
as $$
  select n.id, n.title, left(n.body, 160), n.updated_at, public.note_role(n.id),
         coalesce(nullif(p.display_name, ''), p.username, '')
    from public.notes n
    left join public.profiles p on p.id = n.owner_id
   where n.deleted_at is null
     and n.id in (select public.shared_note_ids())
   order by n.updated_at desc, n.id desc
   limit 500;
$$;

-- Who has access to a note, for its Share dialog: the owner and each member with their role and
-- name; their addresses only to the owner, who invited them by address. Anyone with access asks.
create function public.note_people(note_id uuid)
returns table (user_id uuid, role text, name text, email text)
language sql
stable
security definer
set search_path = ''
as $$
  with me as (select public.note_role(note_people.note_id) as role)
  select x.user_id, x.role,
         coalesce(nullif(p.display_name, ''), p.username, ''),
         case when me.role = 'owner' then u.email end
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

revoke execute on function public.shared_with_me() from public, anon;
revoke execute on function public.note_people(uuid) from public, anon;
grant execute on function public.shared_with_me() to authenticated, service_role;
grant execute on function public.note_people(uuid) to authenticated, service_role;
