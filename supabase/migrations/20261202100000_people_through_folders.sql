-- Someone who has a note through a folder (or a folder above it) is one of the note's people: they
-- can be mentioned, their name and face show where the note's people are shown, and its Share
-- dialog lists them. Each person is listed once with their effective role, the strongest of their
-- own membership and the folders' (editor > commenter > viewer, as note_role_of ranks them);
-- `direct_role` is their own membership's role (null when they have it only through a folder),
-- and `through` names the folder their strongest inherited role comes from, the nearest first.
-- A folder's people likewise include those who have it through a folder above it.
--
-- The result columns change, so both functions are made again, with the same checks and grants.

drop function public.note_people(uuid);
drop function public.folder_people(uuid);

create function public.note_people(note_id uuid)
returns table (
  user_id uuid,
  role text,
  name text,
  email text,
  avatar_path text,
  direct_role text,
  through text
)
language sql
stable
security definer
set search_path = ''
as $$
  with recursive me as (select public.note_role(note_people.note_id) as role),
  note as (select n.owner_id, n.folder_id from public.notes n where n.id = note_people.note_id),
  up as (
    select f.id, f.parent_id, f.name, 0 as depth
      from public.folders f join note on f.id = note.folder_id
    union all
    select p.id, p.parent_id, p.name, up.depth + 1
      from public.folders p join up on p.id = up.parent_id
     where up.depth < 64
  ),
  inherited as (
    select distinct on (m.user_id) m.user_id, m.role, up.name as through
      from public.folder_members m join up on m.folder_id = up.id
     order by m.user_id,
              case m.role when 'editor' then 0 when 'commenter' then 1 else 2 end, up.depth
  ),
  direct as (
    select m.user_id, m.role from public.note_members m where m.note_id = note_people.note_id
  ),
  x as (
    select note.owner_id as user_id, 'owner'::text as role, null::text as direct_role,
           null::text as through, 0 as ord
      from note
    union all
    select coalesce(d.user_id, i.user_id),
           case when 'editor' in (d.role, i.role) then 'editor'
                when 'commenter' in (d.role, i.role) then 'commenter'
                else 'viewer' end,
           d.role, i.through, 1
      from direct d full join inherited i on i.user_id = d.user_id
     where coalesce(d.user_id, i.user_id) <> (select note.owner_id from note)
  )
  select x.user_id, x.role,
         coalesce(nullif(p.display_name, ''), p.username, ''),
         case when me.role = 'owner' then u.email end,
         p.avatar_path, x.direct_role, x.through
    from me, x
    left join public.profiles p on p.id = x.user_id
    left join auth.users u on u.id = x.user_id
   where me.role is not null
   order by x.ord, 3, x.user_id;
$$;

create function public.folder_people(folder_id uuid)
returns table (
  user_id uuid,
  role text,
  name text,
  email text,
  avatar_path text,
  direct_role text,
  through text
)
language sql
stable
security definer
set search_path = ''
as $$
  with recursive me as (select public.folder_role(folder_people.folder_id) as role),
  folder as (select f.owner_id, f.parent_id from public.folders f
              where f.id = folder_people.folder_id),
  up as (
    select f.id, f.parent_id, f.name, 0 as depth
      from public.folders f join folder on f.id = folder.parent_id
    union all
    select p.id, p.parent_id, p.name, up.depth + 1
      from public.folders p join up on p.id = up.parent_id
     where up.depth < 64
  ),
  inherited as (
    select distinct on (m.user_id) m.user_id, m.role, up.name as through
      from public.folder_members m join up on m.folder_id = up.id
     order by m.user_id,
              case m.role when 'editor' then 0 when 'commenter' then 1 else 2 end, up.depth
  ),
  direct as (
    select m.user_id, m.role from public.folder_members m
     where m.folder_id = folder_people.folder_id
  ),
  x as (
    select folder.owner_id as user_id, 'owner'::text as role, null::text as direct_role,
           null::text as through, 0 as ord
      from folder
    union all
    select coalesce(d.user_id, i.user_id),
           case when 'editor' in (d.role, i.role) then 'editor'
                when 'commenter' in (d.role, i.role) then 'commenter'
                else 'viewer' end,
           d.role, i.through, 1
      from direct d full join inherited i on i.user_id = d.user_id
     where coalesce(d.user_id, i.user_id) <> (select folder.owner_id from folder)
  )
  select x.user_id, x.role,
         coalesce(nullif(p.display_name, ''), p.username, ''),
         case when me.role = 'owner' then u.email end,
         p.avatar_path, x.direct_role, x.through
    from me, x
    left join public.profiles p on p.id = x.user_id
    left join auth.users u on u.id = x.user_id
   where me.role is not null
   order by x.ord, 3, x.user_id;
$$;

revoke execute on function public.note_people(uuid) from public, anon;
revoke execute on function public.folder_people(uuid) from public, anon;
grant execute on function public.note_people(uuid) to authenticated, service_role;
grant execute on function public.folder_people(uuid) to authenticated, service_role;

-- The owner's folder tree marks the folders shared with people: `shared` says the folder has
-- members of its own. The view keeps running with the reader's rights.
create or replace view public.folder_list
with (security_invoker = true)
as
select
  f.id,
  f.owner_id,
  f.parent_id,
  f.name,
  f.position,
  f.created_at,
  f.updated_at,
  (select count(*) from public.notes n where n.folder_id = f.id and n.deleted_at is null)::integer
    as note_count,
  exists (select 1 from public.folder_members m where m.folder_id = f.id) as shared
from public.folders f;

-- A note filed into a folder someone has (or moved out of it, or created in it) reaches their
-- Shared with me at once, as a note shared with them directly does: each person whose role on
-- the note changes with its folder is told on their own private channel, which only the database
-- sends on. The message says which note and whether they now have it, never the role.
create function public.broadcast_note_folder_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  person uuid;
  before text;
  after text;
begin
  for person in
    with recursive up as (
      select f.id, f.parent_id, 0 as depth from public.folders f
       where f.id in (new.folder_id, case when tg_op = 'UPDATE' then old.folder_id end)
      union all
      select p.id, p.parent_id, up.depth + 1 from public.folders p join up on p.id = up.parent_id
       where up.depth < 64
    )
    select distinct m.user_id from public.folder_members m join up on m.folder_id = up.id
     where m.user_id <> new.owner_id
  loop
    after := public.note_role_of(new.id, person);
    before := null;
    if tg_op = 'UPDATE' then
      select case when 'editor' in (d.role, f.role) then 'editor'
                  when 'commenter' in (d.role, f.role) then 'commenter'
                  when 'viewer' in (d.role, f.role) then 'viewer' end
        into before
        from (select (select m.role from public.note_members m
                       where m.note_id = new.id and m.user_id = person) as role) d,
             (select case when old.folder_id is not null
                          then public.folder_role_of(old.folder_id, person) end as role) f;
    end if;
    if before is distinct from after then
      perform realtime.send(
        jsonb_build_object('note_id', new.id, 'shared', after is not null and before is null),
        'shares', 'mentions:' || person, true);
    end if;
  end loop;
  return null;
end;
$$;

create trigger notes_broadcast_folder_change
after update of folder_id on public.notes
for each row when (old.folder_id is distinct from new.folder_id)
execute function public.broadcast_note_folder_change();

create trigger notes_broadcast_filed_on_create
after insert on public.notes
for each row when (new.folder_id is not null)
execute function public.broadcast_note_folder_change();

revoke execute on function public.broadcast_note_folder_change() from public, anon, authenticated;
