-- The files each version of a note refers to, so that a file removed from the note stays in
-- Storage while some version still holds it (it can be put back from History), and goes once the
-- last such version is thinned away. Written by the server as it keeps a version; null for a
-- version kept before this column existed (its files are unknown without reading its state).

alter table public.note_versions add column attachment_paths text[];

alter table public.note_versions
  add constraint note_versions_attachment_paths_count
  check (attachment_paths is null or cardinality(attachment_paths) <= 10000);

comment on column public.note_versions.attachment_paths is
  'Storage paths of the attachments this version holds; null when unknown (kept before they were recorded).';

-- Every file some version of the note still holds, once each; null while any version's files are
-- unknown, so a sweep that cannot tell leaves the note's folder alone. Security invoker: RLS
-- decides, so only the note's owner gets an answer (anyone else gets an empty list).
create function public.note_history_files(note_id uuid)
returns text[]
language sql
stable
security invoker
set search_path = ''
as $$
  select case
    when bool_or(v.attachment_paths is null) then null
    else coalesce(
      (select array_agg(distinct p.path order by p.path)
        from public.note_versions w,
          unnest(w.attachment_paths) as p (path)
        where w.note_id = note_history_files.note_id),
      '{}'::text[])
  end
  from public.note_versions v
  where v.note_id = note_history_files.note_id;
$$;

revoke execute on function public.note_history_files(uuid) from public, anon;
grant execute on function public.note_history_files(uuid) to authenticated, service_role;
