-- A third role between editing and viewing: a commenter reads the note as a viewer does (nothing
-- they send changes its text, its files or its history) and takes part in its comments as an
-- editor does: writes them, replies, resolves and reopens threads, edits and deletes their own.
--
--   editor > commenter > viewer: a person given several roles (on the note and on folders above
--   it) has the strongest.
--
-- And comments name people: `mentions` holds the ids of the people a comment @mentions, each of
-- whom must have access to the note; each newly mentioned person is told live on their own
-- private channel ('mentions:<user id>').

alter table public.note_members drop constraint note_members_role;
alter table public.note_members add constraint note_members_role
  check (role in ('editor', 'commenter', 'viewer'));
alter table public.folder_members drop constraint folder_members_role;
alter table public.folder_members add constraint folder_members_role
  check (role in ('editor', 'commenter', 'viewer'));
alter table public.invitations drop constraint invitations_role;
alter table public.invitations add constraint invitations_role
  check (role in ('editor', 'commenter', 'viewer'));

-- A person's role on a folder, and on a note: the caller's (folder_role, note_role, which every
-- policy asks) or another person's (for checking who may be mentioned). One definition for both.
create function public.folder_role_of(folder_id uuid, person uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  with recursive up as (
    select f.id, f.parent_id, f.owner_id from public.folders f where f.id = folder_role_of.folder_id
    union
    select p.id, p.parent_id, p.owner_id from public.folders p join up on p.id = up.parent_id
  )
  select case
    when folder_role_of.person is null then null
    when exists (select 1 from up where up.owner_id = folder_role_of.person) then 'owner'
    else (
      select case when bool_or(m.role = 'editor') then 'editor'
                  when bool_or(m.role = 'commenter') then 'commenter'
                  when bool_or(m.role = 'viewer') then 'viewer' end
        from public.folder_members m join up on m.folder_id = up.id
       where m.user_id = folder_role_of.person
    )
  end;
$$;

create function public.note_role_of(note_id uuid, person uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when note_role_of.person is null then null
    when n.owner_id = note_role_of.person then 'owner'
    else (
      select case when bool_or(x.role = 'editor') then 'editor'
                  when bool_or(x.role = 'commenter') then 'commenter'
                  when bool_or(x.role = 'viewer') then 'viewer' end
        from (
          select m.role from public.note_members m
           where m.note_id = n.id and m.user_id = note_role_of.person
          union all
          select public.folder_role_of(n.folder_id, note_role_of.person)
           where n.folder_id is not null
        ) as x
    )
  end
  from public.notes n
  where n.id = note_role_of.note_id;
$$;

create or replace function public.folder_role(folder_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select public.folder_role_of(folder_role.folder_id, (select auth.uid()));
$$;

create or replace function public.note_role(note_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select public.note_role_of(note_role.note_id, (select auth.uid()));
$$;

-- Asking about another person is for the database itself: nobody probes who has which note.
revoke execute on function public.folder_role_of(uuid, uuid) from public, anon, authenticated;
revoke execute on function public.note_role_of(uuid, uuid) from public, anon, authenticated;
grant execute on function public.folder_role_of(uuid, uuid) to service_role;
grant execute on function public.note_role_of(uuid, uuid) to service_role;

-- The live channel: a commenter, like a viewer, sends presence only. Their comments reach the
-- note's other devices through the database (note_comments_broadcast below).
drop policy "editors send on a note's channel, viewers their presence" on realtime.messages;
create policy "editors send on a note's channel, others their presence" on realtime.messages
  for insert to authenticated with check (
    realtime.topic() like 'note:%'
    and (
      public.note_topic_role(realtime.topic()) in ('owner', 'editor')
      or (extension = 'presence'
          and public.note_topic_role(realtime.topic()) in ('commenter', 'viewer'))
    )
  );

-- Each person's own mentions channel: they alone join it, and only the database sends on it.
create policy "people join their own mentions channel" on realtime.messages
  for select to authenticated using (
    realtime.topic() = 'mentions:' || (select auth.uid())::text
  );

-- Mentions: the people a comment names, each with access to the note.
alter table public.note_comments add column mentions uuid[] not null default '{}';
alter table public.note_comments add constraint note_comments_mentions_count
  check (cardinality(mentions) <= 50);

grant insert (mentions), update (mentions) on table public.note_comments to authenticated;

-- Whom among `people` the note's `note_id` is not shared with. Empty when the caller has no access
-- to the note themselves (their write is refused by its policy anyway, and must not tell them who
-- has access).
create function public.note_comment_strangers(note_id uuid, people uuid[])
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select case when public.note_role(note_comment_strangers.note_id) is null then '{}'::uuid[]
    else coalesce(
      (select array_agg(p) from unnest(note_comment_strangers.people) as p
        where public.note_role_of(note_comment_strangers.note_id, p) is null),
      '{}'::uuid[])
  end;
$$;

revoke execute on function public.note_comment_strangers(uuid, uuid[]) from public, anon;
grant execute on function public.note_comment_strangers(uuid, uuid[]) to authenticated, service_role;

create or replace function public.note_comments_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  parent public.note_comments;
begin
  if new.body is null or char_length(btrim(new.body, E' \t\n\r')) = 0 then
    raise exception using errcode = '23514', message = 'A comment needs some text.';
  end if;
  if char_length(btrim(new.body, E' \t\n\r')) > 5000 then
    raise exception using errcode = '23514',
      message = 'A comment can be at most 5,000 characters long.';
  end if;
  -- Each person once, in the order named; nobody without access to the note.
  new.mentions := coalesce(
    (select array_agg(p order by first) from (
       select p, min(i) as first from unnest(new.mentions) with ordinality as m(p, i)
        where p is not null group by p) as d),
    '{}'::uuid[]);
  if cardinality(new.mentions) > 50 then
    raise exception using errcode = '23514',
      message = 'A comment can mention at most 50 people.';
  end if;
  if cardinality(new.mentions) > 0
     and (tg_op = 'INSERT' or new.mentions is distinct from old.mentions)
     and cardinality(public.note_comment_strangers(
           case when tg_op = 'INSERT' then new.note_id else old.note_id end, new.mentions)) > 0 then
    raise exception using errcode = '23514',
      message = 'You can only mention people who have access to this note.';
  end if;

  if tg_op = 'INSERT' then
    if new.parent_id is not null then
      select * into parent from public.note_comments c where c.id = new.parent_id;
      if parent.id is null or parent.note_id <> new.note_id then
        raise exception using errcode = '23514',
          message = 'A reply must answer a comment on the same note.';
      end if;
      if parent.parent_id is not null then
        raise exception using errcode = '23514',
          message = 'Reply to the thread''s first comment.';
      end if;
    elsif new.anchor_start is null or new.anchor_end is null then
      raise exception using errcode = '23514',
        message = 'A new comment needs the text it is about.';
    end if;
    new.created_at := now();
    new.edited_at := null;
    if new.resolved_at is not null then
      new.resolved_at := now();
      new.resolved_by := coalesce((select auth.uid()), new.resolved_by);
    else
      new.resolved_by := null;
    end if;
    return new;
  end if;

  -- UPDATE: what a comment is about, who wrote it and when never change.
  new.id := old.id;
  new.note_id := old.note_id;
  new.parent_id := old.parent_id;
  new.author_id := old.author_id;
  new.anchor_start := old.anchor_start;
  new.anchor_end := old.anchor_end;
  new.quote := old.quote;
  new.created_at := old.created_at;
  if new.body is distinct from old.body or new.mentions is distinct from old.mentions then
    if (select auth.uid()) is not null and old.author_id <> (select auth.uid()) then
      raise exception using errcode = '42501', message = 'Only its author can edit a comment.';
    end if;
    new.edited_at := now();
  else
    new.edited_at := old.edited_at;
  end if;
  if (new.resolved_at is null) <> (old.resolved_at is null) then
    if old.parent_id is not null then
      raise exception using errcode = '23514', message = 'Resolve the thread, not a reply.';
    end if;
    if new.resolved_at is null then
      new.resolved_by := null;
    else
      new.resolved_at := now();
      new.resolved_by := coalesce((select auth.uid()), new.resolved_by);
    end if;
  else
    new.resolved_at := old.resolved_at;
    new.resolved_by := old.resolved_by;
  end if;
  return new;
end;
$$;

-- Comments: commenters take part as editors do.
drop policy "note_comments: owners and editors comment as themselves" on public.note_comments;
drop policy "note_comments: owners and editors edit and resolve" on public.note_comments;
drop policy "note_comments: authors delete their own" on public.note_comments;
create policy "note_comments: those who may comment write as themselves" on public.note_comments
  for insert to authenticated with check (
    author_id = (select auth.uid())
    and public.note_role(note_id) in ('owner', 'editor', 'commenter')
  );
create policy "note_comments: those who may comment edit and resolve" on public.note_comments
  for update to authenticated
  using (public.note_role(note_id) in ('owner', 'editor', 'commenter'))
  with check (public.note_role(note_id) in ('owner', 'editor', 'commenter'));
create policy "note_comments: authors delete their own" on public.note_comments
  for delete to authenticated using (
    author_id = (select auth.uid())
    and public.note_role(note_id) in ('owner', 'editor', 'commenter')
  );

-- Every change of a note's comments is told on the note's channel (whoever made it: a commenter
-- may not send there themselves), and each person newly mentioned on their own channel.
create function public.note_comments_broadcast()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  about uuid := case when tg_op = 'DELETE' then old.note_id else new.note_id end;
  person uuid;
  by_name text;
  title text;
begin
  perform realtime.send('{}'::jsonb, 'comments', 'note:' || about, true);
  if tg_op = 'DELETE' then
    return null;
  end if;
  for person in
    select p from unnest(new.mentions) as p
     where p <> new.author_id
       and (tg_op = 'INSERT' or not (p = any (old.mentions)))
  loop
    if by_name is null then
      select coalesce(nullif(pr.display_name, ''), pr.username, 'Someone') into by_name
        from public.profiles pr where pr.id = new.author_id;
      select coalesce(nullif(n.title, ''), 'Untitled') into title
        from public.notes n where n.id = new.note_id;
    end if;
    perform realtime.send(
      jsonb_build_object('note_id', new.note_id, 'comment_id', new.id,
                         'by', coalesce(by_name, 'Someone'), 'title', coalesce(title, 'Untitled')),
      'mention', 'mentions:' || person, true);
  end loop;
  return null;
end;
$$;

create trigger note_comments_broadcast
after insert or update or delete on public.note_comments
for each row execute function public.note_comments_broadcast();

revoke execute on function public.note_comments_broadcast() from public, anon, authenticated;
