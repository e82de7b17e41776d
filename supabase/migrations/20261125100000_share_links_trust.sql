-- Share links that cannot be taken over, and a share topic only the database speaks on.
--
-- Before: notes.share_slug was writable by a plain UPDATE and nothing remembered a slug once it
-- was cleared, so after Alice stopped sharing, Bob could set his note's slug to hers and her old
-- link (and every page still open on it) showed his note. And 'share:<slug>' was a public topic:
-- anyone holding the link could broadcast there and make every reader call the database.

-- Every slug ever handed out. Nobody reaches it through the API: only the trigger below writes it.
create table public.share_slugs_used (
  slug text primary key,
  used_at timestamptz not null default now()
);

comment on table public.share_slugs_used is
  'Every share slug ever set on a note, so a revoked link never comes back for any note.';

alter table public.share_slugs_used enable row level security;
revoke all on table public.share_slugs_used from public, anon, authenticated, service_role;

insert into public.share_slugs_used (slug)
select share_slug from public.notes where share_slug is not null
on conflict do nothing;

-- Whoever writes a slug (share_note, the service role, a migration), it must be one never used.
create function public.notes_share_slug_once()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.share_slug is not null
     and (tg_op = 'INSERT' or new.share_slug is distinct from old.share_slug) then
    insert into public.share_slugs_used (slug) values (new.share_slug) on conflict do nothing;
    if not found then
      raise exception using errcode = '23505',
        message = 'That share link was used before; a link is never given out twice.';
    end if;
  end if;
  return new;
end;
$$;

create trigger notes_share_slug_once
before insert or update of share_slug on public.notes
for each row execute function public.notes_share_slug_once();

revoke execute on function public.notes_share_slug_once() from public, anon, authenticated;

-- Only share_note and unshare_note write the slug: people keep every other column they had.
-- Column grants only bite once the table-wide grant is gone; a column added to notes later needs
-- its own grant here.
revoke insert, update on table public.notes from anon, authenticated;
do $$
declare
  cols text;
begin
  select string_agg(quote_ident(column_name), ', ' order by ordinal_position) into cols
    from information_schema.columns
   where table_schema = 'public' and table_name = 'notes'
     and column_name <> 'share_slug' and is_generated = 'NEVER';
  execute format('grant insert (%s), update (%s) on table public.notes to authenticated', cols, cols);
end;
$$;

-- Security definer now, since callers may no longer write the slug; the owner check that RLS
-- made is made here. The service role (server code, scripts) may share any note.
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
    raise exception using errcode = 'P0002',
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
    raise exception using errcode = 'P0002', message = 'That note does not exist.';
  end if;
end;
$$;

revoke execute on function public.share_note(uuid) from public, anon;
revoke execute on function public.unshare_note(uuid) from public, anon;
grant execute on function public.share_note(uuid) to authenticated, service_role;
grant execute on function public.unshare_note(uuid) to authenticated, service_role;

-- The share topic becomes private: readers receive on it only while its slug is live, and no
-- policy lets any client send there, so the trigger below is its only voice.
create or replace function public.broadcast_shared_note()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    if old.share_slug is not null then
      perform realtime.send('{"revoked": true}'::jsonb, 'revoked', 'share:' || old.share_slug, true);
    end if;
    return old;
  end if;
  if old.share_slug is not null
     and (new.share_slug is distinct from old.share_slug or new.deleted_at is not null) then
    perform realtime.send('{"revoked": true}'::jsonb, 'revoked', 'share:' || old.share_slug, true);
  end if;
  if new.share_slug is not null and new.deleted_at is null
     and (new.title is distinct from old.title or new.body is distinct from old.body
          or new.updated_at is distinct from old.updated_at) then
    perform realtime.send(
      jsonb_build_object('title', new.title, 'body', new.body, 'updated_at', new.updated_at),
      'update', 'share:' || new.share_slug, true);
  end if;
  return new;
end;
$$;

create policy "readers receive on live share topics" on realtime.messages
  for select to anon, authenticated using (
    realtime.topic() like 'share:%'
    and realtime.messages.extension = 'broadcast'
    and exists (select 1 from public.shared_note(substr(realtime.topic(), 7)))
  );
