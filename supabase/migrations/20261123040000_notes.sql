-- Notes: what a person writes. The Yjs document (ydoc + note_updates) is the truth while a note
-- is edited; title and body are plain text derived from it, for search, lists and sharing.

create table public.notes (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  title text not null default '',
  body text not null default '',
  pinned boolean not null default false,
  deleted_at timestamptz,
  share_slug text unique,
  ydoc bytea,
  -- Bumped by every compaction, so one built on an older state is refused instead of losing edits.
  ydoc_version bigint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  search tsvector generated always as (
    setweight(to_tsvector('english'::regconfig, title), 'A')
    || setweight(to_tsvector('english'::regconfig, body), 'B')
  ) stored,
  -- The limits the app states; the trigger below says them in words before these ever fire.
  constraint notes_title_length check (char_length(title) <= 500),
  constraint notes_body_length check (char_length(body) <= 200000),
  constraint notes_ydoc_size check (octet_length(ydoc) <= 4194304),
  constraint notes_share_slug_format check (share_slug ~ '^[A-Za-z0-9_-]{16,64}$')
);

comment on table public.notes is 'A note: only its owner can read or change it.';
comment on column public.notes.ydoc is 'The merged Yjs document state; title and body derive from it.';

create index notes_owner_list_idx on public.notes (owner_id, pinned desc, updated_at desc)
  where deleted_at is null;
create index notes_owner_trash_idx on public.notes (owner_id, deleted_at) where deleted_at is not null;
create index notes_search_idx on public.notes using gin (search);

-- A too-long title or body gets a sentence (SQLSTATE 22001: HTTP 400), not a constraint name;
-- updated_at moves only when the text changes, so pinning does not reorder "recently edited".
create function public.notes_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if char_length(new.title) > 500 then
    raise exception using errcode = '22001',
      message = 'A note''s title can be at most 500 characters.',
      hint = 'Shorten the title; the rest can go in the body.';
  end if;
  if char_length(new.body) > 200000 then
    raise exception using errcode = '22001',
      message = 'A note can be at most 200,000 characters long.',
      hint = 'Split it into two notes.';
  end if;
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
    if new.title is distinct from old.title or new.body is distinct from old.body
      or new.ydoc is distinct from old.ydoc then
      new.updated_at := now();
    else
      new.updated_at := old.updated_at;
    end if;
  end if;
  return new;
end;
$$;

create trigger notes_before_write
before insert or update on public.notes
for each row execute function public.notes_before_write();

alter table public.notes enable row level security;

-- Nothing about a note is reachable with the publishable key alone.
revoke all on table public.notes from anon;

create policy "owners read their notes" on public.notes
  for select to authenticated using ((select auth.uid()) = owner_id);
create policy "owners create their notes" on public.notes
  for insert to authenticated with check ((select auth.uid()) = owner_id);
create policy "owners change their notes" on public.notes
  for update to authenticated
  using ((select auth.uid()) = owner_id) with check ((select auth.uid()) = owner_id);
create policy "owners delete their notes" on public.notes
  for delete to authenticated using ((select auth.uid()) = owner_id);

alter publication supabase_realtime add table public.notes;
