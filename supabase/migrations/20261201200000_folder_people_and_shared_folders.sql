-- A folder's Share dialog says who has access to it, as a note's does: the owner and each member
-- with their role, name and picture; their addresses only to the owner, who invited them by
-- address. Anyone with access to the folder asks; anyone else (and anon) hears nothing.
create function public.folder_people(folder_id uuid)
returns table (user_id uuid, role text, name text, email text, avatar_path text)
language sql
stable
security definer
set search_path = ''
as $$
  with me as (select public.folder_role(folder_people.folder_id) as role)
  select x.user_id, x.role,
         coalesce(nullif(p.display_name, ''), p.username, ''),
         case when me.role = 'owner' then u.email end,
         p.avatar_path
    from me,
         (select f.owner_id as user_id, 'owner'::text as role, 0 as ord
            from public.folders f where f.id = folder_people.folder_id
          union all
          select m.user_id, m.role, 1 from public.folder_members m
           where m.folder_id = folder_people.folder_id) as x
    left join public.profiles p on p.id = x.user_id
    left join auth.users u on u.id = x.user_id
   where me.role is not null
   order by x.ord, 3, x.user_id;
$$;

-- The folders shared with the signed-in person (those they are a member of), with their role,
-- who shares them, and how many notes they hold counting the folders below; by name. Security
-- definer for the folder's name and its owner's name, limited to the caller's own memberships.
create function public.shared_folders()
returns table (id uuid, name text, role text, owner_name text, notes bigint)
language sql
stable
security definer
set search_path = ''
as $$
  select f.id, f.name, public.folder_role(f.id),
         coalesce(nullif(p.display_name, ''), p.username, ''),
         (with recursive down as (
            select f.id as id
            union
            select c.id from public.folders c join down on c.parent_id = down.id
          )
          select count(*) from public.notes n join down on n.folder_id = down.id
           where n.deleted_at is null)
    from public.folder_members m
    join public.folders f on f.id = m.folder_id
    left join public.profiles p on p.id = f.owner_id
   where m.user_id = (select auth.uid())
   order by f.name, f.id
   limit 500;
$$;

revoke execute on function public.folder_people(uuid) from public, anon;
revoke execute on function public.shared_folders() from public, anon;
grant execute on function public.folder_people(uuid) to authenticated, service_role;
grant execute on function public.shared_folders() to authenticated, service_role;
