-- Profiles: one row per person, created with the auth user and removed with it.
-- Usernames are lower-case a-z, 0-9 and _, 3 to 30 long, unique, and never a reserved word.

-- Words that would confuse people if they stood for a person (admin, support, app routes, ...).
create function public.is_reserved_username(name text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select lower(name) in (
      'admin', 'administrator', 'root', 'system', 'support', 'help', 'security', 'staff',
      'moderator', 'owner', 'api', 'auth', 'rest', 'storage', 'realtime', 'functions',
      'account', 'accounts', 'settings', 'profile', 'notes', 'note', 'share', 'shared',
      'sign_in', 'sign_up', 'signin', 'signup', 'login', 'logout', 'about', 'docs', 'features',
      'groundwork', 'supabase', 'null', 'undefined', 'anonymous', 'everyone', 'me', 'www',
      'mail', 'email', 'postmaster', 'webmaster', 'abuse', 'noreply', 'no_reply'
  );
$$;

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  username text,
  display_name text,
  avatar_path text,
  -- null until the person picks one signed in; until then each browser keeps its own.
  theme text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_username_format check (username ~ '^[a-z0-9_]{3,30}$'),
  constraint profiles_username_not_reserved check (
    username is null
    or not public.is_reserved_username(username)
  ),
  constraint profiles_display_name_length check (char_length(display_name) <= 80),
  constraint profiles_avatar_in_own_folder check (avatar_path like id::text || '/%'),
  constraint profiles_theme_known check (theme is null or theme in ('light', 'dark', 'system'))
);

comment on table public.profiles is 'One per auth user: username, display name, avatar and theme.';

-- Unique regardless of case, even if the format rule is ever relaxed.
create unique index profiles_username_key on public.profiles (lower(username));

alter table public.profiles enable row level security;

create policy "profiles: a person reads their own"
  on public.profiles for select to authenticated
  using ((select auth.uid()) = id);

create policy "profiles: a person updates their own"
  on public.profiles for update to authenticated
  using ((select auth.uid()) = id)
  with check ((select auth.uid()) = id);

-- Rows come from the trigger below and go with the auth user; only these columns change.
revoke all on public.profiles from anon, authenticated;
grant select on public.profiles to authenticated;
grant update (username, display_name, avatar_path, theme) on public.profiles to authenticated;

create function public.set_profile_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function public.set_profile_updated_at();

-- A valid, free username from sign-up metadata is taken; anything else leaves it empty for the
-- person to choose, so a sign-up never fails over a name.
create function public.create_profile_for_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  wanted text := lower(nullif(new.raw_user_meta_data ->> 'username', ''));
  shown text := left(coalesce(
    nullif(new.raw_user_meta_data ->> 'display_name', ''),
    nullif(split_part(coalesce(new.email, ''), '@', 1), '')
  ), 80);
begin
  begin
    insert into public.profiles (id, username, display_name) values (new.id, wanted, shown);
  exception when unique_violation or check_violation then
    insert into public.profiles (id, display_name) values (new.id, shown)
    on conflict (id) do nothing;
  end;
  return new;
end;
$$;

revoke execute on function public.create_profile_for_user() from public, anon, authenticated;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.create_profile_for_user();


-- Whether a username can be claimed; other people's rows stay hidden, so this answers only yes/no.
create function public.username_available(name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select name ~ '^[a-z0-9_]{3,30}$'
    and not exists (
      select 1 from public.profiles p
      where lower(p.username) = lower(name) and p.id is distinct from auth.uid()
    )
    and not public.is_reserved_username(name);
$$;

revoke execute on function public.username_available(text) from public, anon;
grant execute on function public.username_available(text) to authenticated;

-- Theme and name changes reach a person's other open devices.
alter publication supabase_realtime add table public.profiles;

-- The profile's public face travels in the session: the access token's user_metadata.profile, so
-- every server-rendered page shows the name, avatar and theme without a query. Clients refresh
-- their session after a change to pick it up at once. The profile row stays the source of truth.
create function public.mirror_profile_to_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update auth.users
  set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || jsonb_build_object(
    'profile',
    jsonb_build_object(
      'username', new.username,
      'display_name', new.display_name,
      'avatar_path', new.avatar_path,
      'theme', new.theme
    )
  )
  where id = new.id;
  return null;
end;
$$;

revoke execute on function public.mirror_profile_to_user() from public, anon, authenticated;

create trigger profiles_mirror_to_user
  after insert or update of username, display_name, avatar_path, theme on public.profiles
  for each row execute function public.mirror_profile_to_user();

-- People who signed up before this migration get their row too.
insert into public.profiles (id, display_name)
select u.id, left(nullif(split_part(coalesce(u.email, ''), '@', 1), ''), 80)
from auth.users u
on conflict (id) do nothing;
