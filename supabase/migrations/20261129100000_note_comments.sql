-- Comments on a note, anchored to its text. A thread is a root comment (which carries the anchor
-- and the quoted text) and its replies. The anchor is the start and end of the commented text as
-- Yjs relative positions (base64 of Y.encodeRelativePosition), so it moves with every edit of the
-- note's document; the quote keeps what was commented on when that text is deleted.
--
-- Who may do what asks the sharing model's note_role, like every other policy:
--   everyone with access reads a note's comments;
--   owners and editors write comments, and resolve or reopen threads;
--   only a comment's author edits or deletes it, and nobody writes in another person's name.

create table public.note_comments (
  id uuid primary key default gen_random_uuid(),
  note_id uuid not null references public.notes (id) on delete cascade,
  parent_id uuid references public.note_comments (id) on delete cascade,
  author_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  body text not null,
  anchor_start text,
  anchor_end text,
  quote text,
  resolved_at timestamptz,
  resolved_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  edited_at timestamptz,
  constraint note_comments_body_length check (char_length(btrim(body, E' \t\n\r')) between 1 and 5000),
  constraint note_comments_quote_length check (quote is null or char_length(quote) <= 2000),
  constraint note_comments_anchor_length check (
    (anchor_start is null or char_length(anchor_start) <= 1000)
    and (anchor_end is null or char_length(anchor_end) <= 1000)
  ),
  constraint note_comments_replies_plain check (
    parent_id is null or (anchor_start is null and anchor_end is null and quote is null
                          and resolved_at is null)
  )
);

comment on table public.note_comments is
  'Comments on a note: a root comment anchored to a range of its text, and the replies to it.';

create index note_comments_note_idx on public.note_comments (note_id, created_at);
create index note_comments_parent_idx on public.note_comments (parent_id) where parent_id is not null;
create index note_comments_author_idx on public.note_comments (author_id);

-- Clear refusals for what a person can get wrong (23514, HTTP 400), the writer's name kept as
-- written, and the times and resolver set by the database rather than by a device.
create function public.note_comments_before_write()
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
  if new.body is distinct from old.body then
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

create trigger note_comments_before_write
before insert or update on public.note_comments
for each row execute function public.note_comments_before_write();

revoke execute on function public.note_comments_before_write() from public, anon, authenticated;

alter table public.note_comments enable row level security;

revoke all on table public.note_comments from anon, authenticated;
grant select, delete on table public.note_comments to authenticated;
grant insert (note_id, parent_id, author_id, body, anchor_start, anchor_end, quote)
  on table public.note_comments to authenticated;
grant update (body, resolved_at) on table public.note_comments to authenticated;
grant all on table public.note_comments to service_role;

create policy "note_comments: people with access read a note's comments" on public.note_comments
  for select to authenticated using (public.note_role(note_id) is not null);
create policy "note_comments: owners and editors comment as themselves" on public.note_comments
  for insert to authenticated with check (
    author_id = (select auth.uid()) and public.note_role(note_id) in ('owner', 'editor')
  );
-- Editing the text is the author's alone (the trigger above refuses anyone else); resolving and
-- reopening a thread is open to everyone who may comment.
create policy "note_comments: owners and editors edit and resolve" on public.note_comments
  for update to authenticated
  using (public.note_role(note_id) in ('owner', 'editor'))
  with check (public.note_role(note_id) in ('owner', 'editor'));
create policy "note_comments: authors delete their own" on public.note_comments
  for delete to authenticated using (
    author_id = (select auth.uid()) and public.note_role(note_id) in ('owner', 'editor')
  );
