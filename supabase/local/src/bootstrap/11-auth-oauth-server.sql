-- The OAuth 2.1 server's tables as GoTrue's migrations leave them (clients, authorization
-- requests, consents), so a dump of a hosted project and of this one agree. The tables exist
-- whether or not [auth.oauth_server] is enabled, as on hosted Supabase. Idempotent.

do $$
begin
  if not exists (select 1 from pg_type where typname = 'oauth_registration_type' and typnamespace = 'auth'::regnamespace) then
    create type auth.oauth_registration_type as enum ('dynamic', 'manual');
  end if;
  if not exists (select 1 from pg_type where typname = 'oauth_authorization_status' and typnamespace = 'auth'::regnamespace) then
    create type auth.oauth_authorization_status as enum ('pending', 'approved', 'denied', 'expired');
  end if;
  if not exists (select 1 from pg_type where typname = 'oauth_response_type' and typnamespace = 'auth'::regnamespace) then
    create type auth.oauth_response_type as enum ('code');
  end if;
  if not exists (select 1 from pg_type where typname = 'oauth_client_type' and typnamespace = 'auth'::regnamespace) then
    create type auth.oauth_client_type as enum ('public', 'confidential');
  end if;
end $$;

create table if not exists auth.oauth_clients (
  id uuid not null,
  client_secret_hash text null,
  registration_type auth.oauth_registration_type not null,
  redirect_uris text not null,
  grant_types text not null,
  client_name text null,
  client_uri text null,
  logo_uri text null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz null,
  client_type auth.oauth_client_type not null default 'confidential',
  token_endpoint_auth_method text not null
    check (token_endpoint_auth_method in ('client_secret_basic', 'client_secret_post', 'none')),
  constraint oauth_clients_pkey primary key (id),
  constraint oauth_clients_client_name_length check (char_length(client_name) <= 1024),
  constraint oauth_clients_client_uri_length check (char_length(client_uri) <= 2048),
  constraint oauth_clients_logo_uri_length check (char_length(logo_uri) <= 2048)
);
create index if not exists oauth_clients_deleted_at_idx on auth.oauth_clients (deleted_at);

create table if not exists auth.oauth_authorizations (
  id uuid not null,
  authorization_id text not null,
  client_id uuid not null references auth.oauth_clients (id) on delete cascade,
  user_id uuid null references auth.users (id) on delete cascade,
  redirect_uri text not null,
  scope text not null,
  state text null,
  resource text null,
  code_challenge text null,
  code_challenge_method auth.code_challenge_method null,
  response_type auth.oauth_response_type not null default 'code',
  status auth.oauth_authorization_status not null default 'pending',
  authorization_code text null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default (now() + interval '3 minutes'),
  approved_at timestamptz null,
  nonce text null,
  constraint oauth_authorizations_pkey primary key (id),
  constraint oauth_authorizations_authorization_id_key unique (authorization_id),
  constraint oauth_authorizations_authorization_code_key unique (authorization_code),
  constraint oauth_authorizations_redirect_uri_length check (char_length(redirect_uri) <= 2048),
  constraint oauth_authorizations_scope_length check (char_length(scope) <= 4096),
  constraint oauth_authorizations_state_length check (char_length(state) <= 4096),
  constraint oauth_authorizations_resource_length check (char_length(resource) <= 2048),
  constraint oauth_authorizations_code_challenge_length check (char_length(code_challenge) <= 128),
  constraint oauth_authorizations_authorization_code_length check (char_length(authorization_code) <= 255),
  constraint oauth_authorizations_expires_at_future check (expires_at > created_at),
  constraint oauth_authorizations_nonce_length check (char_length(nonce) <= 255)
);
create index if not exists oauth_auth_pending_exp_idx
  on auth.oauth_authorizations (expires_at) where status = 'pending';

create table if not exists auth.oauth_consents (
  id uuid not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  client_id uuid not null references auth.oauth_clients (id) on delete cascade,
  scopes text not null,
  granted_at timestamptz not null default now(),
  revoked_at timestamptz null,
  constraint oauth_consents_pkey primary key (id),
  constraint oauth_consents_user_client_unique unique (user_id, client_id),
  constraint oauth_consents_scopes_length check (char_length(scopes) <= 2048),
  constraint oauth_consents_scopes_not_empty check (char_length(trim(scopes)) > 0),
  constraint oauth_consents_revoked_after_granted check (revoked_at is null or revoked_at >= granted_at)
);
create index if not exists oauth_consents_active_user_client_idx
  on auth.oauth_consents (user_id, client_id) where revoked_at is null;
create index if not exists oauth_consents_user_order_idx on auth.oauth_consents (user_id, granted_at desc);
create index if not exists oauth_consents_active_client_idx
  on auth.oauth_consents (client_id) where revoked_at is null;

-- Sessions an OAuth client holds go with the client; their granted scopes ride in the token.
do $$
begin
  if not exists (select 1 from pg_constraint where conname = 'sessions_oauth_client_id_fkey') then
    alter table auth.sessions add constraint sessions_oauth_client_id_fkey
      foreign key (oauth_client_id) references auth.oauth_clients (id) on delete cascade;
  end if;
  if not exists (select 1 from pg_constraint where conname = 'sessions_scopes_length') then
    alter table auth.sessions add constraint sessions_scopes_length check (char_length(scopes) <= 4096);
  end if;
end $$;
create index if not exists sessions_oauth_client_id_idx on auth.sessions (oauth_client_id);

grant all on auth.oauth_clients, auth.oauth_authorizations, auth.oauth_consents
  to supabase_auth_admin, dashboard_user, postgres;
