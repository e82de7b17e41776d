-- Folders: a tree per person, to any depth, ordered by hand. A note sits in at most one folder
-- (notes.folder_id); no folder means it is only in "All notes". A note's folder is not part of its
-- text, so devices write it directly, as they write pinned.

create table public.folders (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  parent_id uuid,
  name text not null,
  position integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint folders_name_length check (char_length(btrim(name)) between 1 and 100),
  -- The pair lets a child and a note point at a folder of the same person only.
  constraint folders_owner_id_key unique (owner_id, id),
  -- A folder's subfolders go with it unless delete_folder moved them up first.
  constraint folders_parent_fkey foreign key (owner_id, parent_id)
    references public.folders (owner_id, id) on delete cascade
);

comment on table public.folders is 'A folder of notes: only its owner can read or change it.';
comment on column public.folders.parent_id is 'The folder it sits in; null at the top level.';
comment on column public.folders.position is 'Its place among its siblings, smallest first.';

create index folders_owner_parent_idx on public.folders (owner_id, parent_id, position);
create index folders_parent_idx on public.folders (parent_id);

-- A name is trimmed and said in words when it is empty or too long (22001/23514 are HTTP 400);
-- a folder cannot move into itself or below itself (23514, HTTP 400), whoever moves it.
create function public.folders_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  cursor_id uuid;
begin
  new.name := btrim(coalesce(new.name, ''));
  if char_length(new.name) = 0 then
    raise exception using errcode = '23514', message = 'A folder needs a name.';
  end if;
  if char_length(new.name) > 100 then
    raise exception using errcode = '22001',
      message = 'A folder''s name can be at most 100 characters.';
  end if;
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
    new.updated_at := now();
    if new.parent_id is not null and new.parent_id is distinct from old.parent_id then
      cursor_id := new.parent_id;
      while cursor_id is not null loop
        if cursor_id = new.id then
          raise exception using errcode = '23514',
            message = 'A folder can''t go inside itself or one of its own folders.';
        end if;
        select f.parent_id into cursor_id from public.folders f where f.id = cursor_id;
      end loop;
    end if;
  end if;
  return new;
end;
$$;

create trigger folders_before_write
before insert or update on public.folders
for each row execute function public.folders_before_write();

alter table public.folders enable row level security;

revoke all on table public.folders from anon, authenticated;
grant select, delete on table public.folders to authenticated;
-- The owner is set on insert (by default, checked by RLS) and never changed.
grant insert (id, owner_id, parent_id, name, position) on table public.folders to authenticated;
grant update (parent_id, name, position) on table public.folders to authenticated;
grant all on table public.folders to service_role;

create policy "owners read their folders" on public.folders
  for select to authenticated using ((select auth.uid()) = owner_id);
create policy "owners create their folders" on public.folders
  for insert to authenticated with check ((select auth.uid()) = owner_id);
create policy "owners change their folders" on public.folders
  for update to authenticated
  using ((select auth.uid()) = owner_id) with check ((select auth.uid()) = owner_id);
create policy "owners delete their folders" on public.folders
  for delete to authenticated using ((select auth.uid()) = owner_id);

alter publication supabase_realtime add table public.folders;

-- A note's folder: one of the owner's own (the pair is checked), emptied if the folder goes.
alter table public.notes add column folder_id uuid;
alter table public.notes
  add constraint notes_folder_fkey foreign key (owner_id, folder_id)
    references public.folders (owner_id, id) on delete set null (folder_id);

comment on column public.notes.folder_id is 'The folder the note is in; null when in none.';

create index notes_owner_folder_list_idx
  on public.notes (owner_id, folder_id, pinned desc, updated_at desc)
  where deleted_at is null;
create index notes_folder_idx on public.notes (folder_id);

-- notes has per-column grants (see 20261125100000_share_links_trust.sql): people may file notes.
grant insert (folder_id), update (folder_id) on table public.notes to authenticated;

-- The list can be read a folder at a time; the columns before stay as they were.
create or replace view public.note_list
with (security_invoker = true)
as
select
  id,
  owner_id,
  title,
  left(body, 400) as body_start,
  pinned,
  created_at,
  updated_at,
  deleted_at,
  folder_id
from public.notes;

-- Each folder with how many notes (not in Trash) sit directly in it. The reader's rights apply.
create view public.folder_list
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
    as note_count
from public.folders f;

comment on view public.folder_list is
  'Folders with their direct note counts; runs with the reader''s rights, so RLS applies.';

revoke all on public.folder_list from anon, authenticated;
grant select on public.folder_list to authenticated, service_role;

-- Moves a folder under another (or to the top, parent null) and before a sibling (or last, null),
-- and numbers the siblings again so the order is exactly what was asked. The caller's rights
-- apply: a folder of someone else is not found (PT404, HTTP 404).
create function public.move_folder(folder_id uuid, new_parent_id uuid, before_id uuid default null)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  moving public.folders;
begin
  select * into moving from public.folders f where f.id = move_folder.folder_id;
  if not found then
    raise exception using errcode = 'PT404', message = 'That folder doesn''t exist.';
  end if;
  if new_parent_id is not null
     and not exists (select 1 from public.folders f where f.id = new_parent_id) then
    raise exception using errcode = 'PT404', message = 'That folder doesn''t exist.';
  end if;
  update public.folders f set parent_id = new_parent_id where f.id = moving.id;
  with ordered as (
    select f.id,
           row_number() over (
             order by
               case
                 when f.id = moving.id then coalesce(
                   (select b.position * 2 - 1 from public.folders b
                     where b.id = before_id and b.id <> moving.id
                       and b.parent_id is not distinct from new_parent_id),
                   2147483647)
                 else f.position * 2
               end,
               f.created_at, f.id
           ) as place
      from public.folders f
     where f.parent_id is not distinct from new_parent_id
       and f.owner_id = moving.owner_id
  )
  update public.folders f set position = ordered.place
    from ordered
   where f.id = ordered.id and f.position is distinct from ordered.place;
end;
$$;

-- Deletes a folder, asking what becomes of what is in it:
--   'parent': its notes and subfolders move up one level (to its parent, or the top);
--   'trash':  its notes, and those of every folder below it, go to Trash (restorable), and the
--             folders below go with it.
-- Nothing is lost silently. The caller's rights apply.
create function public.delete_folder(folder_id uuid, contents text)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  doomed public.folders;
  last_place integer;
begin
  if contents is null or contents not in ('parent', 'trash') then
    raise exception using errcode = '22023',
      message = 'Say what happens to the folder''s notes: ''parent'' or ''trash''.';
  end if;
  select * into doomed from public.folders f where f.id = delete_folder.folder_id;
  if not found then
    raise exception using errcode = 'PT404', message = 'That folder doesn''t exist.';
  end if;
  if contents = 'parent' then
    update public.notes n set folder_id = doomed.parent_id where n.folder_id = doomed.id;
    select coalesce(max(f.position), 0) into last_place from public.folders f
     where f.parent_id is not distinct from doomed.parent_id and f.owner_id = doomed.owner_id;
    update public.folders f
       set parent_id = doomed.parent_id, position = last_place + f.position + 1
     where f.parent_id = doomed.id;
  else
    with recursive below as (
      select doomed.id as id
      union all
      select f.id from public.folders f join below b on f.parent_id = b.id
    )
    update public.notes n set deleted_at = now()
     where n.folder_id in (select id from below) and n.deleted_at is null;
  end if;
  delete from public.folders f where f.id = doomed.id;
end;
$$;

revoke execute on function public.move_folder(uuid, uuid, uuid) from public, anon;
revoke execute on function public.delete_folder(uuid, text) from public, anon;
grant execute on function public.move_folder(uuid, uuid, uuid) to authenticated, service_role;
grant execute on function public.delete_folder(uuid, text) to authenticated, service_role;
revoke execute on function public.folders_before_write() from public, anon, authenticated;
