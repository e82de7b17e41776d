-- Changing a folder member's role, or taking the folder from them (or their leaving it), reaches
-- their open notes from that folder at once, as a note's own membership does. Their role on each
-- note may still come from elsewhere (the note itself, another folder), so the channel only asks
-- their device to read its role again ('access-recheck'); it never says what the role is.
create function public.broadcast_folder_member_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed_folder uuid;
  person uuid;
begin
  if tg_op = 'DELETE' then
    changed_folder := old.folder_id;
    person := old.user_id;
  elsif new.role is distinct from old.role then
    changed_folder := new.folder_id;
    person := new.user_id;
  else
    return null;
  end if;
  perform realtime.send(jsonb_build_object('user_id', person), 'access-recheck',
      'note:' || inside.id, true)
    from (
      with recursive down as (
        select changed_folder as id
        union
        select f.id from public.folders f join down on f.parent_id = down.id
      )
      select n.id from public.notes n join down on n.folder_id = down.id
       where n.deleted_at is null
    ) as inside;
  return null;
end;
$$;

create trigger folder_members_broadcast
after update or delete on public.folder_members
for each row execute function public.broadcast_folder_member_change();

revoke execute on function public.broadcast_folder_member_change() from public, anon, authenticated;
