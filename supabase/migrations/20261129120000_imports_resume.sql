-- An import survives its tab closing: its row says how many notes and files it holds, and each
-- note it recorded says when its document was written, so reopening the app shows what is left
-- and a resume carries on from the first note not yet written (never making one twice: the app
-- gives each planned note its id up front, and a second insert of it is refused as a duplicate).

alter table public.imports
  add column notes_total integer not null default 0,
  add column files_total integer not null default 0,
  add constraint imports_totals_check check (notes_total >= 0 and files_total >= 0);

alter table public.import_notes add column written_at timestamptz;

grant insert (notes_total, files_total) on table public.imports to authenticated;
grant update (written_at) on table public.import_notes to authenticated;

create policy "owners mark their imported notes written" on public.import_notes
  for update to authenticated
  using ((select auth.uid()) = owner_id) with check ((select auth.uid()) = owner_id);
