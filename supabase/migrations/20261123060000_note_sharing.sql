-- Public share links: a note is readable by anyone who holds its slug, and by nobody else.
-- Visitors never touch public.notes; they call shared_note(slug), which returns only what the
-- public page shows. Revoking clears the slug, so the old link is dead the moment it commits.

alter table public.notes
  add column share_indexable boolean not null default false;

comment on column public.notes.share_slug is
  'Set while the note is shared: 16 random bytes, base64url. Cleared when sharing stops.';
comment on column public.notes.share_indexable is
  'Whether the owner lets search engines index the shared page.';

-- Security invoker: RLS decides whose note this is, so nobody can share someone else's.
-- Sharing an already shared note keeps its link; sharing again after a stop makes a new one.
create function public.share_note(note_id uuid)
returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  slug text;
begin
  update public.notes n
     set share_slug = coalesce(
       n.share_slug,
       translate(encode(extensions.gen_random_bytes(16), 'base64'), '+/=', '-_')
     )
   where n.id = note_id and n.deleted_at is null
  returning n.share_slug into slug;
  if slug is null then
    raise exception using errcode = 'P0002',
      message = 'That note does not exist or is in the trash, so it cannot be shared.';
  end if;
  return slug;
end;
$$;

create function public.unshare_note(note_id uuid)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  update public.notes n set share_slug = null where n.id = note_id;
  if not found then
    raise exception using errcode = 'P0002', message = 'That note does not exist.';
  end if;
end;
$$;

-- The one way in for visitors: only the public fields, only for a live slug of a note not in
-- the trash. The author's name comes from here, never from the profiles table itself.
create function public.shared_note(slug text)
returns table (
  title text,
  body text,
  updated_at timestamptz,
  author_name text,
  indexable boolean
)
language sql
stable
security definer
set search_path = ''
as $$
  select n.title, n.body, n.updated_at,
         coalesce(nullif(trim(p.display_name), ''), 'Someone') as author_name,
         n.share_indexable
    from public.notes n
    left join public.profiles p on p.id = n.owner_id
   where slug ~ '^[A-Za-z0-9_-]{16,64}$'
     and n.share_slug = slug
     and n.deleted_at is null;
$$;

-- Readers of a shared page listen on the public topic 'share:<slug>': it carries only what the
-- page shows, and says "revoked" when the link stops working (unshared, trashed or deleted).
-- Security definer because realtime.messages takes no inserts from a note's owner directly.
create function public.broadcast_shared_note()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    if old.share_slug is not null then
      perform realtime.send('{"revoked": true}'::jsonb, 'revoked', 'share:' || old.share_slug, false);
    end if;
    return old;
  end if;
  if old.share_slug is not null
     and (new.share_slug is distinct from old.share_slug or new.deleted_at is not null) then
    perform realtime.send('{"revoked": true}'::jsonb, 'revoked', 'share:' || old.share_slug, false);
  end if;
  if new.share_slug is not null and new.deleted_at is null
     and (new.title is distinct from old.title or new.body is distinct from old.body
          or new.updated_at is distinct from old.updated_at) then
    perform realtime.send(
      jsonb_build_object('title', new.title, 'body', new.body, 'updated_at', new.updated_at),
      'update', 'share:' || new.share_slug, false);
  end if;
  return new;
end;
$$;

create trigger notes_broadcast_shared
after update or delete on public.notes
for each row execute function public.broadcast_shared_note();

revoke execute on function public.share_note(uuid) from public, anon;
revoke execute on function public.unshare_note(uuid) from public, anon;
revoke execute on function public.shared_note(text) from public;
revoke execute on function public.broadcast_shared_note() from public, anon, authenticated;
grant execute on function public.share_note(uuid) to authenticated, service_role;
grant execute on function public.unshare_note(uuid) to authenticated, service_role;
grant execute on function public.shared_note(text) to anon, authenticated, service_role;
