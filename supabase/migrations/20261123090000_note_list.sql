-- The notes list shows a title and one line of a body, so it reads only the start of each body:
-- a thousand notes no longer put a thousand whole bodies into the page. The app cuts the same
-- number of characters from a changed row's body, so a live update shows what a reload would.
create view public.note_list
with (security_invoker = true)
as
select
  id,
  owner_id,
  title,
  left(body, 400) as body_start,
  pinned,
  created_at,
  updated_at,
  deleted_at
from public.notes;

comment on view public.note_list is
  'What the notes list shows of each note; runs with the reader''s rights, so notes RLS applies.';

-- Read-only, and like notes, nothing here is reachable with the publishable key alone.
revoke all on public.note_list from anon, authenticated;
grant select on public.note_list to authenticated, service_role;
