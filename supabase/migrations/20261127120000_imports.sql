-- Imports: each import a person runs, and what it made, so "Remove this import" can take it back
-- and a later import of the same export can recognise notes it already brought in (by source
-- path and content hash). Files are read in the browser; these rows only record the outcome.

create table public.imports (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  source text not null,
  name text not null,
  status text not null default 'running',
  created_at timestamptz not null default now(),
  constraint imports_source_check check (source in ('markdown', 'enex', 'notion')),
  constraint imports_status_check check (status in ('running', 'done', 'removed')),
  constraint imports_name_length check (char_length(name) between 1 and 300),
  constraint imports_owner_id_key unique (owner_id, id)
);

comment on table public.imports is 'An import of notes from another app: only its owner can read or change it.';

create table public.import_folders (
  import_id uuid not null,
  owner_id uuid not null default auth.uid(),
  folder_id uuid not null,
  path text not null,
  primary key (import_id, folder_id),
  constraint import_folders_path_length check (char_length(path) between 1 and 2000),
  constraint import_folders_import_fkey foreign key (owner_id, import_id)
    references public.imports (owner_id, id) on delete cascade,
  constraint import_folders_folder_fkey foreign key (owner_id, folder_id)
    references public.folders (owner_id, id) on delete cascade
);

create table public.import_notes (
  import_id uuid not null,
  owner_id uuid not null default auth.uid(),
  note_id uuid not null references public.notes (id) on delete cascade,
  source_path text not null,
  content_hash text not null,
  primary key (import_id, note_id),
  constraint import_notes_path_length check (char_length(source_path) between 1 and 2000),
  constraint import_notes_hash_length check (char_length(content_hash) between 1 and 128),
  constraint import_notes_import_fkey foreign key (owner_id, import_id)
    references public.imports (owner_id, id) on delete cascade
);

comment on table public.import_notes is 'A note an import made, with where it came from.';

create index imports_owner_idx on public.imports (owner_id, created_at desc);
create index import_folders_folder_idx on public.import_folders (folder_id);
create index import_notes_note_idx on public.import_notes (note_id);
create index import_notes_owner_source_idx on public.import_notes (owner_id, source_path);

alter table public.imports enable row level security;
alter table public.import_folders enable row level security;
alter table public.import_notes enable row level security;

revoke all on table public.imports, public.import_folders, public.import_notes from anon, authenticated;
grant select, delete on table public.imports, public.import_folders, public.import_notes to authenticated;
grant insert (id, owner_id, source, name, status) on table public.imports to authenticated;
grant update (status) on table public.imports to authenticated;
grant insert (import_id, owner_id, folder_id, path) on table public.import_folders to authenticated;
grant insert (import_id, owner_id, note_id, source_path, content_hash)
  on table public.import_notes to authenticated;
grant all on table public.imports, public.import_folders, public.import_notes to service_role;

create policy "owners read their imports" on public.imports
  for select to authenticated using ((select auth.uid()) = owner_id);
create policy "owners start their imports" on public.imports
  for insert to authenticated with check ((select auth.uid()) = owner_id);
create policy "owners change their imports" on public.imports
  for update to authenticated
  using ((select auth.uid()) = owner_id) with check ((select auth.uid()) = owner_id);
create policy "owners delete their imports" on public.imports
  for delete to authenticated using ((select auth.uid()) = owner_id);

create policy "owners read their imported folders" on public.import_folders
  for select to authenticated using ((select auth.uid()) = owner_id);
-- The folder pair is a foreign key, so only the owner's own folders can be recorded.
create policy "owners record their imported folders" on public.import_folders
  for insert to authenticated with check ((select auth.uid()) = owner_id);
create policy "owners forget their imported folders" on public.import_folders
  for delete to authenticated using ((select auth.uid()) = owner_id);

create policy "owners read their imported notes" on public.import_notes
  for select to authenticated using ((select auth.uid()) = owner_id);
-- The note must be the caller's own: a note id of someone else's is refused (RLS, 42501).
create policy "owners record their imported notes" on public.import_notes
  for insert to authenticated with check (
    (select auth.uid()) = owner_id
    and exists (
      select 1 from public.notes n where n.id = note_id and n.owner_id = (select auth.uid())
    )
  );
create policy "owners forget their imported notes" on public.import_notes
  for delete to authenticated using ((select auth.uid()) = owner_id);
