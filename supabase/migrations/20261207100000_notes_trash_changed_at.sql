-- When a note last went to Trash or came back from it. Either move keeps the note's last edit time
-- (updated_at), so a device that keeps the person's titles for finding notes finds the move by
-- this: a note restored on another device is back in its titles at the next quick read.
-- Only the trigger writes it (the app's roles are granted no insert or update of it).

alter table public.notes add column trash_changed_at timestamptz;

update public.notes set trash_changed_at = deleted_at where deleted_at is not null;

comment on column public.notes.trash_changed_at is
  'When deleted_at last changed (to Trash or back); set by the notes_trash_changed_at trigger.';

create function public.notes_trash_changed_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.deleted_at is not distinct from old.deleted_at then
    new.trash_changed_at := old.trash_changed_at;
  elsif tg_op = 'UPDATE' or new.deleted_at is not null then
    new.trash_changed_at := now();
  else
    new.trash_changed_at := null;
  end if;
  return new;
end;
$$;

create trigger notes_trash_changed_at
before insert or update on public.notes
for each row execute function public.notes_trash_changed_at();
