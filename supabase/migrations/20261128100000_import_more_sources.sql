-- Imports also come from Google Keep (a Takeout zip), Bear (TextBundles or a .bear2bk backup)
-- and Apple Notes (its Markdown export, or HTML from exporters).
alter table public.imports drop constraint imports_source_check;
alter table public.imports
  add constraint imports_source_check
  check (source in ('markdown', 'enex', 'notion', 'keep', 'bear', 'apple-notes'));
