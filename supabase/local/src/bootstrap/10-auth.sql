-- The auth schema as Supabase's auth server (GoTrue) leaves it after its own migrations:
-- the same tables, columns and types, so triggers and queries written against hosted
-- Supabase (e.g. `after insert on auth.users`) work unchanged. Idempotent: runs at every start.

do $$
begin
  if not exists (select 1 from pg_type where typname = 'aal_level' and typnamespace = 'auth'::regnamespace) then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
  if not exists (select 1 from pg_type where typname = 'factor_type' and typnamespace = 'auth'::regnamespace) then
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  end if;
  if not exists (select 1 from pg_type where typname = 'factor_status' and typnamespace = 'auth'::regnamespace) then
    create type auth.factor_status as enum ('unverified', 'verified');
  end if;
  if not exists (select 1 from pg_type where typname = 'code_challenge_method' and typnamespace = 'auth'::regnamespace) then
    create type auth.code_challenge_method as enum ('s256', 'plain');
  end if;
  if not exists (select 1 from pg_type where typname = 'one_time_token_type' and typnamespace = 'auth'::regnamespace) then
    create type auth.one_time_token_type as enum (
      'confirmation_token', 'reauthentication_token', 'recovery_token',
      'email_change_token_new', 'email_change_token_current', 'phone_change_token'
    );
  end if;
end $$;

create table if not exists auth.instances (
  id uuid not null primary key,
  uuid uuid,
  raw_base_config text,
  created_at timestamptz,
  updated_at timestamptz
);

create table if not exists auth.users (
  instance_id uuid,
  id uuid not null primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255) default '',
  confirmation_sent_at timestamptz,
  recovery_token varchar(255) default '',
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255) default '',
  email_change varchar(255) default '',
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (email) where (is_sso_user = false);
create index if not exists users_instance_id_idx on auth.users (instance_id);
create index if not exists users_is_anonymous_idx on auth.users (is_anonymous);
create unique index if not exists confirmation_token_idx on auth.users (confirmation_token) where confirmation_token !~ '^[0-9 ]*$';
create unique index if not exists recovery_token_idx on auth.users (recovery_token) where recovery_token !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_current_idx on auth.users (email_change_token_current) where email_change_token_current !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_new_idx on auth.users (email_change_token_new) where email_change_token_new !~ '^[0-9 ]*$';
create unique index if not exists reauthentication_token_idx on auth.users (reauthentication_token) where reauthentication_token !~ '^[0-9 ]*$';

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid() primary key,
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);
create index if not exists identities_email_idx on auth.identities (email text_pattern_ops);

create table if not exists auth.sessions (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text,
  oauth_client_id uuid,
  refresh_token_hmac_key text,
  refresh_token_counter bigint,
  scopes text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
create index if not exists user_id_created_at_idx on auth.sessions (user_id, created_at);
create index if not exists sessions_not_after_idx on auth.sessions (not_after desc);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_instance_id_user_id_idx on auth.refresh_tokens (instance_id, user_id);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_updated_at_idx on auth.refresh_tokens (updated_at desc);

create table if not exists auth.mfa_factors (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text,
  last_challenged_at timestamptz unique,
  web_authn_credential jsonb,
  web_authn_aaguid uuid,
  last_webauthn_challenge_data jsonb
);
create unique index if not exists mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);

create table if not exists auth.mfa_challenges (
  id uuid not null primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text,
  web_authn_session_data jsonb
);
create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);

create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

create table if not exists auth.one_time_tokens (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type auth.one_time_token_type not null,
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamp not null default now(),
  updated_at timestamp not null default now()
);
create unique index if not exists one_time_tokens_user_id_token_type_key on auth.one_time_tokens (user_id, token_type);
create index if not exists one_time_tokens_token_hash_hash_idx on auth.one_time_tokens using hash (token_hash);
create index if not exists one_time_tokens_relates_to_hash_idx on auth.one_time_tokens using hash (relates_to);

create table if not exists auth.flow_state (
  id uuid not null primary key,
  user_id uuid,
  auth_code text not null,
  code_challenge_method auth.code_challenge_method not null,
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz
);
create index if not exists idx_auth_code on auth.flow_state (auth_code);
create index if not exists idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);
create index if not exists flow_state_created_at_idx on auth.flow_state (created_at desc);

create table if not exists auth.audit_log_entries (
  instance_id uuid,
  id uuid not null primary key,
  payload json,
  created_at timestamptz,
  ip_address varchar(64) not null default ''
);
create index if not exists audit_logs_instance_id_idx on auth.audit_log_entries (instance_id);

create table if not exists auth.schema_migrations (version varchar(255) not null primary key);

-- Exactly as Supabase defines them: the per-claim settings of older PostgREST first,
-- then the `request.jwt.claims` JSON that current PostgREST (and this backend) sets.
create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

comment on function auth.uid() is 'Deprecated. Use auth.jwt() -> ''sub'' instead.';
comment on function auth.role() is 'Deprecated. Use auth.jwt() -> ''role'' instead.';
comment on function auth.email() is 'Deprecated. Use auth.jwt() -> ''email'' instead.';

-- The auth server's own role owns its schema; the API roles may only call the helpers.
grant all on schema auth to supabase_auth_admin, dashboard_user, postgres;
grant all on all tables in schema auth to supabase_auth_admin, dashboard_user, postgres;
grant all on all sequences in schema auth to supabase_auth_admin, dashboard_user, postgres;
grant all on all functions in schema auth to supabase_auth_admin, dashboard_user, postgres;
grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;
