-- Attachments: a private bucket. A file lives at <owner id>/<note id>/<file> and only its owner
-- reaches it; visitors of a shared note get short-lived signed URLs made on the server instead.

-- Reading and removing need only the owner's folder: once a note is deleted for good its folder
-- must stay listable and removable by its owner, so that nothing is left behind.
create policy "attachments: owners read their files"
  on storage.objects for select to authenticated
  using (
    bucket_id = 'attachments'
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );

create policy "attachments: owners remove their files"
  on storage.objects for delete to authenticated
  using (
    bucket_id = 'attachments'
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );

-- A new file goes exactly one folder below the owner's, into a note that is theirs. Files are
-- never replaced (each upload takes a new name), so there is no update policy.
create policy "attachments: owners add files to their own notes"
  on storage.objects for insert to authenticated
  with check (
    bucket_id = 'attachments'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and array_length(storage.foldername(name), 1) = 2
    and exists (
      select 1 from public.notes n
      where n.owner_id = (select auth.uid())
        and n.id::text = (storage.foldername(name))[2]
    )
  );
