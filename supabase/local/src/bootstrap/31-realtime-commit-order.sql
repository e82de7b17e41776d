-- Commit order for the change queue (realtime.local_changes) when many connections write at once,
-- as on a PostgreSQL server. A change's id is taken when its row is written, not when its
-- transaction commits, so ids alone can put a change before one that committed earlier. So each
-- change also gets a commit_seq at commit time: a deferred trigger runs as its transaction
-- commits, takes a transaction-level advisory lock (held until the commit is visible) and numbers
-- the transaction's changes from realtime.local_changes_commit_seq. The next committing
-- transaction waits for that lock, so commit_seq follows commit order, and a change with a higher
-- commit_seq is never visible before one with a lower. The server delivers in commit_seq order.
-- The lock is held only for the last moment of a commit that wrote a captured change.

alter table realtime.local_changes add column if not exists commit_seq bigint;
create sequence if not exists realtime.local_changes_commit_seq;
revoke all on sequence realtime.local_changes_commit_seq from public, anon, authenticated, service_role;
create index if not exists local_changes_commit_seq_idx on realtime.local_changes (commit_seq);

create or replace function realtime.local_stamp_commit() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  -- The key spells "realtime" in ASCII; nothing else in this backend takes it.
  perform pg_catalog.pg_advisory_xact_lock(8243101811408989541);
  update realtime.local_changes
    set commit_seq = pg_catalog.nextval('realtime.local_changes_commit_seq')
    where id = new.id;
  return null;
end;
$$;
revoke all on function realtime.local_stamp_commit() from public, anon, authenticated, service_role;

drop trigger if exists local_stamp_commit on realtime.local_changes;
create constraint trigger local_stamp_commit
  after insert on realtime.local_changes
  deferrable initially deferred
  for each row execute function realtime.local_stamp_commit();

-- Changes queued before this file ran keep their order.
update realtime.local_changes set commit_seq = nextval('realtime.local_changes_commit_seq')
  where id in (select id from realtime.local_changes where commit_seq is null order by id);
