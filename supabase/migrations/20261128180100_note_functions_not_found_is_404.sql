-- "Not found" from the note functions is a 404. They raised SQLSTATE P0002, which PostgREST
-- answers with a 500 (every P0 code but P0001 is a server error there), so a person asking to
-- merge, share or unshare a note that is not theirs saw a server failure. PT404 is PostgREST's
-- way to choose the status: the same message, now with 404.

create or replace function public.share_note(note_id uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  slug text;
  attempts int := 0;
begin
  loop
    begin
      update public.notes n
         set share_slug = coalesce(
           n.share_slug,
           translate(encode(extensions.gen_random_bytes(16), 'base64'), '+/=', '-_')
         )
       where n.id = note_id and n.deleted_at is null
         and (n.owner_id = (select auth.uid()) or (select auth.jwt() ->> 'role') = 'service_role')
      returning n.share_slug into slug;
      exit;
    exception when unique_violation then
      -- 128 random bits never repeat in practice; should they, draw again rather than reuse.
      attempts := attempts + 1;
      if attempts >= 3 then
        raise;
      end if;
    end;
  end loop;
  if slug is null then
    raise exception using errcode = 'PT404',
      message = 'That note does not exist or is in the trash, so it cannot be shared.';
  end if;
  return slug;
end;
$$;

create or replace function public.unshare_note(note_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.notes n set share_slug = null
   where n.id = note_id
     and (n.owner_id = (select auth.uid()) or (select auth.jwt() ->> 'role') = 'service_role');
  if not found then
    raise exception using errcode = 'PT404', message = 'That note does not exist.';
  end if;
end;
$$;


create or replace function public.compact_note(
  note_id uuid,
  ydoc bytea,
  base_version bigint,
  merged_ids bigint[]
)
returns public.notes
language plpgsql
security definer
set search_path = ''
as $$
declare
  result public.notes;
  allowed boolean := public.note_role(compact_note.note_id) in ('owner', 'editor');
begin
  update public.notes n
    set ydoc = compact_note.ydoc, ydoc_version = n.ydoc_version + 1
    where n.id = compact_note.note_id and allowed
      and n.ydoc_version = compact_note.base_version
    returning * into result;
  if result.id is null then
    if allowed then
      raise exception using errcode = 'PT409',
        message = 'The note was merged on another device meanwhile; load it again first.';
    end if;
    raise exception using errcode = 'PT404', message = 'Note not found.';
  end if;
  delete from public.note_updates u
    where u.note_id = compact_note.note_id and u.id = any (compact_note.merged_ids);
  return result;
end;
$$;
