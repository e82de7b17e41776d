-- The list's view also says when a note last went to Trash or came back (trash_changed_at), so a
-- device that keeps the person's whole list reads it, with the start of each note's text for the
-- list's preview, from this one view: the full read and the read of what changed since. Same rows,
-- same rights; the new column comes last, as a view's columns may only be added.
create or replace view public.note_list
with (security_invoker = true)
as
select
  id,
  owner_id,
  title,
  left(body, 160) as body_start,
  pinned,
  created_at,
  updated_at,
  deleted_at,
  folder_id,
  trash_changed_at
from public.notes
where coalesce(owner_id = (select auth.uid()), true);
