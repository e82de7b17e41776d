-- A change to a note reaches its owner's open pages as what their list shows of it, not as the
-- whole row: every stored edit rewrites a note's row (its body, search vector and document), so
-- a Postgres change of a long note carried tens of kilobytes to each open page every few keys.
-- The trigger below sends the list's fields on the owner's private topic 'notes:<owner_id>',
-- and nothing at all for a write that changes none of them (a document compacted, say).
create function public.broadcast_note_list_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    perform realtime.send(jsonb_build_object('id', old.id), 'delete', 'notes:' || old.owner_id, true);
    return null;
  end if;
  if tg_op = 'UPDATE'
     and new.owner_id = old.owner_id
     and new.title is not distinct from old.title
     and new.pinned is not distinct from old.pinned
     and new.folder_id is not distinct from old.folder_id
     and new.updated_at is not distinct from old.updated_at
     and new.deleted_at is not distinct from old.deleted_at
     and left(new.body, 160) is not distinct from left(old.body, 160) then
    return null;
  end if;
  if tg_op = 'UPDATE' and new.owner_id <> old.owner_id then
    perform realtime.send(jsonb_build_object('id', old.id), 'delete', 'notes:' || old.owner_id, true);
  end if;
  -- The preview's start is cut as the list's view cuts it (note_list.body_start).
  perform realtime.send(
    jsonb_build_object(
      'id', new.id,
      'title', new.title,
      'body_start', left(new.body, 160),
      'folder_id', new.folder_id,
      'pinned', new.pinned,
      'updated_at', new.updated_at,
      'deleted_at', new.deleted_at
    ),
    case when tg_op = 'INSERT' or new.owner_id <> old.owner_id then 'insert' else 'update' end,
    'notes:' || new.owner_id,
    true
  );
  return null;
end;
$$;

create trigger notes_broadcast_list_change
after insert or update or delete on public.notes
for each row execute function public.broadcast_note_list_change();

revoke execute on function public.broadcast_note_list_change() from public, anon, authenticated;

-- Each person's own notes topic: they alone join it, and only the database sends on it.
create policy "people join their own notes topic" on realtime.messages
  for select to authenticated using (
    realtime.topic() = 'notes:' || (select auth.uid())::text
  );
