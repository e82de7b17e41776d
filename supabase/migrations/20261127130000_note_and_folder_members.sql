-- Working together: a note's owner gives other people access to one note, or to a folder (every
-- note in it and below it, including notes filed there later), as an editor or a viewer. An
-- address without an account yet gets an invitation, turned into a membership once that address
-- signs up (or signs in) with a confirmed email. Every policy asks the same two functions
-- (note_role, folder_role), so what one person may do is decided in one place.
--
--   owner   reads and changes everything, manages who has access, alone deletes, trashes,
--           pins, files and shares the note by link;
--   editor  reads the note, its updates and files; adds updates (through the app's route) and
--           files, and sends on the note's live channel;
--   viewer  reads the note, its updates and files; on the live channel sends presence only.

create table public.note_members (
  note_id uuid not null references public.notes (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null,
  added_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (note_id, user_id),
  constraint note_members_role check (role in ('editor', 'viewer'))
);

comment on table public.note_members is
  'People a note is shared with, and their role; the note''s owner manages them.';

create index note_members_user_idx on public.note_members (user_id);

create table public.folder_members (
  folder_id uuid not null references public.folders (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null,
  added_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (folder_id, user_id),
  constraint folder_members_role check (role in ('editor', 'viewer'))
);

comment on table public.folder_members is
  'People a folder is shared with: the role covers every note in it and in the folders below it.';

create index folder_members_user_idx on public.folder_members (user_id);

create table public.invitations (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  note_id uuid references public.notes (id) on delete cascade,
  folder_id uuid references public.folders (id) on delete cascade,
  role text not null,
  invited_by uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  accepted_at timestamptz,
  accepted_by uuid references auth.users (id) on delete set null,
  constraint invitations_role check (role in ('editor', 'viewer')),
  constraint invitations_one_target check ((note_id is null) <> (folder_id is null)),
  constraint invitations_email_format check (
    email = lower(btrim(email)) and char_length(email) between 3 and 320 and email ~ '^[^@\s]+@[^@\s]+$'
  )
);

comment on table public.invitations is
  'An address invited to a note or a folder before it has an account; accepted at sign-up.';

create unique index invitations_pending_note_idx on public.invitations (note_id, email)
  where accepted_at is null and note_id is not null;
create unique index invitations_pending_folder_idx on public.invitations (folder_id, email)
  where accepted_at is null and folder_id is not null;
create index invitations_email_idx on public.invitations (email) where accepted_at is null;

-- The caller's role on a folder: owner, or the strongest membership on it or on a folder above it.
-- Security definer so policies can ask it without the caller reading other people's rows.
create function public.folder_role(folder_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  with recursive up as (
    select f.id, f.parent_id, f.owner_id from public.folders f where f.id = folder_role.folder_id
    union
    select p.id, p.parent_id, p.owner_id from public.folders p join up on p.id = up.parent_id
  )
  select case
    when (select auth.uid()) is null then null
    when exists (select 1 from up where up.owner_id = (select auth.uid())) then 'owner'
    else (
      select case when bool_or(m.role = 'editor') then 'editor'
                  when bool_or(m.role = 'viewer') then 'viewer' end
        from public.folder_members m join up on m.folder_id = up.id
       where m.user_id = (select auth.uid())
    )
  end;
$$;

-- The caller's role on a note: 'owner', 'editor', 'viewer', or null (no access, or no such note).
create function public.note_role(note_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when (select auth.uid()) is null then null
    when n.owner_id = (select auth.uid()) then 'owner'
    else (
      select case when bool_or(x.role = 'editor') then 'editor'
                  when bool_or(x.role = 'viewer') then 'viewer' end
        from (
          select m.role from public.note_members m
           where m.note_id = n.id and m.user_id = (select auth.uid())
          union all
          select public.folder_role(n.folder_id) where n.folder_id is not null
        ) as x
    )
  end
  from public.notes n
  where n.id = note_role.note_id;
$$;

-- The notes shared with the caller (not their own): directly, or through a folder they are a
-- member of, or a folder below it. One set per statement, so list policies stay one lookup.
create function public.shared_note_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  with recursive down as (
    select m.folder_id as id from public.folder_members m where m.user_id = (select auth.uid())
    union
    select f.id from public.folders f join down on f.parent_id = down.id
  )
  select m.note_id from public.note_members m where m.user_id = (select auth.uid())
  union
  select n.id from public.notes n join down on n.folder_id = down.id;
$$;

-- The role on the note a live channel topic ('note:<id>') names; null for any other topic.
create function public.note_topic_role(topic text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when note_topic_role.topic ~ '^note:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
      then public.note_role(substr(note_topic_role.topic, 6)::uuid)
  end;
$$;

-- The role on the note an attachment path ('<owner id>/<note id>/<file>') belongs to; null when
-- the path is not inside that note's owner's folder.
create function public.attachment_role(name text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select public.note_role(n.id)
    from public.notes n
   where (storage.foldername(attachment_role.name))[2]
           ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
     and n.id = ((storage.foldername(attachment_role.name))[2])::uuid
     and n.owner_id::text = (storage.foldername(attachment_role.name))[1];
$$;

revoke execute on function public.folder_role(uuid) from public, anon;
revoke execute on function public.note_role(uuid) from public, anon;
revoke execute on function public.shared_note_ids() from public, anon;
revoke execute on function public.note_topic_role(text) from public, anon;
revoke execute on function public.attachment_role(text) from public, anon;
grant execute on function public.folder_role(uuid) to authenticated, service_role;
grant execute on function public.note_role(uuid) to authenticated, service_role;
grant execute on function public.shared_note_ids() to authenticated, service_role;
grant execute on function public.note_topic_role(text) to authenticated, service_role;
grant execute on function public.attachment_role(text) to authenticated, service_role;

-- A note or folder is not shared with its own owner (23514, HTTP 400); the person adding is
-- always the caller.
create function public.members_before_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner uuid;
begin
  if tg_table_name = 'note_members' then
    select n.owner_id into owner from public.notes n where n.id = new.note_id;
  else
    select f.owner_id into owner from public.folders f where f.id = new.folder_id;
  end if;
  if owner = new.user_id then
    raise exception using errcode = '23514',
      message = 'The owner already has access; share it with someone else.';
  end if;
  if tg_op = 'UPDATE' then
    new.added_by := old.added_by;
    new.created_at := old.created_at;
  end if;
  return new;
end;
$$;

create trigger note_members_before_write
before insert or update on public.note_members
for each row execute function public.members_before_write();
create trigger folder_members_before_write
before insert or update on public.folder_members
for each row execute function public.members_before_write();

revoke execute on function public.members_before_write() from public, anon, authenticated;

alter table public.note_members enable row level security;
alter table public.folder_members enable row level security;
alter table public.invitations enable row level security;

revoke all on table public.note_members, public.folder_members, public.invitations
  from anon, authenticated;
grant select, delete on table public.note_members, public.folder_members to authenticated;
grant insert (note_id, user_id, role), update (role) on table public.note_members to authenticated;
grant insert (folder_id, user_id, role), update (role) on table public.folder_members
  to authenticated;
grant select, delete on table public.invitations to authenticated;
grant insert (email, note_id, folder_id, role) on table public.invitations to authenticated;
grant all on table public.note_members, public.folder_members, public.invitations to service_role;

-- Everyone with access sees who else has it; the owner alone adds, changes and removes people;
-- a member may leave.
create policy "note_members: people with access see who has it" on public.note_members
  for select to authenticated using (public.note_role(note_id) is not null);
create policy "note_members: owners add people" on public.note_members
  for insert to authenticated with check (public.note_role(note_id) = 'owner');
create policy "note_members: owners change roles" on public.note_members
  for update to authenticated
  using (public.note_role(note_id) = 'owner') with check (public.note_role(note_id) = 'owner');
create policy "note_members: owners remove people, people leave" on public.note_members
  for delete to authenticated
  using (public.note_role(note_id) = 'owner' or user_id = (select auth.uid()));

create policy "folder_members: people with access see who has it" on public.folder_members
  for select to authenticated using (public.folder_role(folder_id) is not null);
create policy "folder_members: owners add people" on public.folder_members
  for insert to authenticated with check (public.folder_role(folder_id) = 'owner');
create policy "folder_members: owners change roles" on public.folder_members
  for update to authenticated
  using (public.folder_role(folder_id) = 'owner')
  with check (public.folder_role(folder_id) = 'owner');
create policy "folder_members: owners remove people, people leave" on public.folder_members
  for delete to authenticated
  using (public.folder_role(folder_id) = 'owner' or user_id = (select auth.uid()));

-- Invitations are the owner's business only: the invited address has no account yet.
create policy "invitations: owners see theirs" on public.invitations
  for select to authenticated using (
    case when note_id is not null then public.note_role(note_id) = 'owner'
         else public.folder_role(folder_id) = 'owner' end
  );
create policy "invitations: owners invite" on public.invitations
  for insert to authenticated with check (
    invited_by = (select auth.uid())
    and case when note_id is not null then public.note_role(note_id) = 'owner'
             else public.folder_role(folder_id) = 'owner' end
  );
create policy "invitations: owners withdraw" on public.invitations
  for delete to authenticated using (
    case when note_id is not null then public.note_role(note_id) = 'owner'
         else public.folder_role(folder_id) = 'owner' end
  );

-- Notes: members read the notes shared with them. Changing a note (pin, folder, trash, share
-- link) and deleting it stay with its owner's policies; editors change its content only by
-- adding updates.
create policy "members read notes shared with them" on public.notes
  for select to authenticated using (id in (select public.shared_note_ids()));

-- Updates: everyone with access reads them all (whoever wrote them); owners and editors add them,
-- each marked with its writer.
drop policy "owners read their notes' updates" on public.note_updates;
drop policy "owners append to their own notes" on public.note_updates;
create policy "people with access read a note's updates" on public.note_updates
  for select to authenticated using (public.note_role(note_id) is not null);
create policy "owners and editors append updates" on public.note_updates
  for insert to authenticated with check (
    owner_id = (select auth.uid()) and public.note_role(note_id) in ('owner', 'editor')
  );

-- Editors fold updates into the stored document as the owner's devices do; nothing else changes.
create or replace function public.compact_note(
  note_id uuid,
  ydoc bytea,
  base_version bigint,
  merged_ids bigint[]
)
returns public.notes
language plpgsql
security definer
set search_path = ''
as $$
declare
  result public.notes;
  allowed boolean := public.note_role(compact_note.note_id) in ('owner', 'editor');
begin
  update public.notes n
    set ydoc = compact_note.ydoc, ydoc_version = n.ydoc_version + 1
    where n.id = compact_note.note_id and allowed
      and n.ydoc_version = compact_note.base_version
    returning * into result;
  if result.id is null then
    if allowed then
      raise exception using errcode = 'PT409',
        message = 'The note was merged on another device meanwhile; load it again first.';
    end if;
    raise exception using errcode = 'P0002', message = 'Note not found.';
  end if;
  delete from public.note_updates u
    where u.note_id = compact_note.note_id and u.id = any (compact_note.merged_ids);
  return result;
end;
$$;

-- Tags, links and the folded search text of a shared note are read by its members too.
create policy "members read tags of notes shared with them" on public.note_tags
  for select to authenticated using (note_id in (select public.shared_note_ids()));
create policy "members read links of notes shared with them" on public.note_links
  for select to authenticated using (source_id in (select public.shared_note_ids()));
create policy "note_search: members read notes shared with them" on public.note_search
  for select to authenticated using (note_id in (select public.shared_note_ids()));

-- The note's private live channel: everyone with access joins; owners and editors send document
-- updates; viewers send presence only.
drop policy "owners join their notes' channels" on realtime.messages;
drop policy "owners send on their notes' channels" on realtime.messages;
create policy "people with access join a note's channel" on realtime.messages
  for select to authenticated using (
    realtime.topic() like 'note:%' and public.note_topic_role(realtime.topic()) is not null
  );
create policy "editors send on a note's channel, viewers their presence" on realtime.messages
  for insert to authenticated with check (
    realtime.topic() like 'note:%'
    and (
      public.note_topic_role(realtime.topic()) in ('owner', 'editor')
      or (extension = 'presence' and public.note_topic_role(realtime.topic()) = 'viewer')
    )
  );

-- A note's files live in its owner's folder: people with access read them, editors add to them.
-- Removing stays with the owner's policy.
create policy "attachments: people with access read a note's files"
  on storage.objects for select to authenticated
  using (bucket_id = 'attachments' and public.attachment_role(name) is not null);
create policy "attachments: editors add files to notes shared with them"
  on storage.objects for insert to authenticated
  with check (
    bucket_id = 'attachments'
    and array_length(storage.foldername(name), 1) = 2
    and public.attachment_role(name) = 'editor'
  );

-- Invitations become memberships when their address has a confirmed account: at sign-up (an
-- invitation mail confirms it), at confirming, and at every sign-in (accept_invitations). Never
-- fails the sign-up that calls it.
create function public.accept_invitations_for(uid uuid, address text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  accepted integer := 0;
begin
  if uid is null or address is null then
    return 0;
  end if;
  insert into public.note_members (note_id, user_id, role, added_by)
    select i.note_id, uid, i.role, i.invited_by
      from public.invitations i join public.notes n on n.id = i.note_id
     where i.email = lower(address) and i.accepted_at is null and n.owner_id <> uid
    on conflict (note_id, user_id) do nothing;
  insert into public.folder_members (folder_id, user_id, role, added_by)
    select i.folder_id, uid, i.role, i.invited_by
      from public.invitations i join public.folders f on f.id = i.folder_id
     where i.email = lower(address) and i.accepted_at is null and f.owner_id <> uid
    on conflict (folder_id, user_id) do nothing;
  update public.invitations i set accepted_at = now(), accepted_by = uid
   where i.email = lower(address) and i.accepted_at is null;
  get diagnostics accepted = row_count;
  return accepted;
end;
$$;

create function public.accept_invitations()
returns integer
language sql
security definer
set search_path = ''
as $$
  select public.accept_invitations_for(u.id, u.email)
    from auth.users u
   where u.id = (select auth.uid()) and u.email_confirmed_at is not null;
$$;

create function public.accept_invitations_on_confirm()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.email_confirmed_at is not null and new.email is not null then
    begin
      perform public.accept_invitations_for(new.id, new.email);
    exception when others then
      raise warning 'accepting invitations for % failed: %', new.id, sqlerrm;
    end;
  end if;
  return new;
end;
$$;

create trigger accept_invitations_on_confirm
after insert or update of email_confirmed_at, email on auth.users
for each row execute function public.accept_invitations_on_confirm();

revoke execute on function public.accept_invitations_for(uuid, text) from public, anon, authenticated;
revoke execute on function public.accept_invitations() from public, anon;
revoke execute on function public.accept_invitations_on_confirm() from public, anon, authenticated;
grant execute on function public.accept_invitations_for(uuid, text) to service_role;
grant execute on function public.accept_invitations() to authenticated, service_role;

-- The account an address belongs to, for inviting by email: the server asks it with the service
-- role only, so nobody can probe which addresses have accounts.
create function public.user_id_for_email(address text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select u.id from auth.users u where lower(u.email) = lower(btrim(user_id_for_email.address))
  limit 1;
$$;

revoke execute on function public.user_id_for_email(text) from public, anon, authenticated;
grant execute on function public.user_id_for_email(text) to service_role;

-- Taking access back closes the removed person's open editor at once: their device hears it on
-- the note's channel, which they are still joined to.
create function public.broadcast_member_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    perform realtime.send(jsonb_build_object('user_id', old.user_id), 'access-removed',
      'note:' || old.note_id, true);
  elsif new.role is distinct from old.role then
    perform realtime.send(jsonb_build_object('user_id', new.user_id, 'role', new.role),
      'access-changed', 'note:' || new.note_id, true);
  end if;
  return null;
end;
$$;

create trigger note_members_broadcast
after update or delete on public.note_members
for each row execute function public.broadcast_member_change();

revoke execute on function public.broadcast_member_change() from public, anon, authenticated;

-- "Shared with me" follows a person's own memberships live.
alter publication supabase_realtime add table public.note_members;
alter publication supabase_realtime add table public.folder_members;
