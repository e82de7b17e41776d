-- The local backend's own state, apart from anything Supabase defines: the mail inbox.
-- Only the database owner reaches it; API roles get no usage on the schema.
create schema if not exists supabase_local;
revoke all on schema supabase_local from public;
revoke all on schema supabase_local from anon, authenticated, service_role;

create table if not exists supabase_local.inbox (
  seq bigserial not null,
  id uuid not null primary key,
  recipients text[] not null,
  subject text not null,
  html text not null,
  text text not null,
  created_at timestamptz not null default now()
);
create index if not exists inbox_created_at_idx on supabase_local.inbox (created_at desc, seq desc);
