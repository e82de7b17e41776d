-- The stored state of a note beyond what the reader already holds. The app's server keeps a note's
-- decoded document between stores; it names the ydoc_version that document was built from and the
-- exact ids of the updates applied to it, and is sent only what it lacks: the ydoc when the version
-- is another one (then every update too, since a compaction may have folded any of them in), and
-- otherwise only the updates it did not name. update_ids is always the whole list, so the reader can
-- tell whether each update it applied is still stored on that version. Updates commit out of id
-- order, so the reader names ids, never a highest id.
--
-- Same columns, snapshot and security as note_state: security invoker, so RLS decides, and a note
-- the reader may not read gives no row.
create function public.note_state_since(
  note_id uuid,
  known_version bigint,
  known_ids bigint[]
)
returns table (
  ydoc bytea,
  ydoc_version bigint,
  text_version bigint,
  text_updates integer,
  update_ids bigint[],
  updates bytea[]
)
language sql
stable
security invoker
set search_path = ''
as $$
  select
    case when n.ydoc_version is distinct from note_state_since.known_version then n.ydoc end,
    n.ydoc_version, n.text_version, n.text_updates,
    coalesce(array_agg(u.id order by u.id) filter (where u.id is not null), '{}'),
    coalesce(
      array_agg(u.data order by u.id) filter (
        where u.id is not null
          and (
            n.ydoc_version is distinct from note_state_since.known_version
            or not u.id = any (coalesce(note_state_since.known_ids, '{}'))
          )
      ),
      '{}'
    )
  from public.notes n
  left join public.note_updates u on u.note_id = n.id
  where n.id = note_state_since.note_id
  group by n.id;
$$;

revoke execute on function public.note_state_since(uuid, bigint, bigint[]) from public, anon;
grant execute on function public.note_state_since(uuid, bigint, bigint[])
  to authenticated, service_role;
