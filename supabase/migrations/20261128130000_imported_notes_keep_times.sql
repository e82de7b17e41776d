-- An imported note keeps the times its source gave it. The person's own client may give
-- created_at and updated_at when it makes a note (the insert policy keeps that to their own
-- notes; updates cannot change either, notes_before_write sees to it): neither is taken in the
-- future, and the last edit is never before the making. The first text the server derives for a
-- note an import is still writing (its document, posted right after the row) keeps that
-- updated_at instead of moving it to now; every later edit moves it to now, as before.

create function public.notes_keep_imported_times()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if current_user in ('authenticated', 'anon') then
      new.created_at := least(coalesce(new.created_at, now()), now());
      new.updated_at := least(greatest(coalesce(new.updated_at, now()), new.created_at), now());
    end if;
    return new;
  end if;
  -- notes_before_write (which runs first, by name) moved updated_at for a new text. Taken back
  -- only for the first text ever derived, with no document merged yet, of a note recorded by
  -- one of its owner's imports that is still running.
  if new.updated_at is distinct from old.updated_at
    and old.text_version = 0 and old.text_updates = 0
    and old.ydoc is null and new.ydoc is null
    and exists (
      select 1
        from public.import_notes i
        join public.imports m on m.id = i.import_id and m.owner_id = i.owner_id
       where i.note_id = old.id and i.owner_id = old.owner_id and m.status = 'running'
    ) then
    new.updated_at := old.updated_at;
  end if;
  return new;
end;
$$;

create trigger notes_keep_imported_times
before insert or update on public.notes
for each row execute function public.notes_keep_imported_times();

revoke execute on function public.notes_keep_imported_times() from public, anon, authenticated;
