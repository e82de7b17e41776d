-- A comment's @mentions are shown by each person's current name: the text keeps the name it was
-- written with, so the database keeps, beside each mentioned id, the name the text holds for them
-- (`mention_names`, in the order of `mentions`), and the app shows the current name in its place.
-- The names are the server's, taken as the comment is written, never sent by a device.

alter table public.note_comments add column mention_names text[] not null default '{}';

create function public.note_comments_mention_names()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.mentions is not distinct from old.mentions
     and new.body is not distinct from old.body then
    new.mention_names := old.mention_names;
    return new;
  end if;
  new.mention_names := coalesce(
    (select array_agg(coalesce(nullif(p.display_name, ''), p.username, '') order by m.ord)
       from unnest(new.mentions) with ordinality as m(id, ord)
       left join public.profiles p on p.id = m.id),
    '{}');
  return new;
end;
$$;

-- The comments written before: the names they have now are the best known.
update public.note_comments c
   set mention_names = (
     select array_agg(coalesce(nullif(p.display_name, ''), p.username, '') order by m.ord)
       from unnest(c.mentions) with ordinality as m(id, ord)
       left join public.profiles p on p.id = m.id)
 where cardinality(c.mentions) > 0;

create trigger note_comments_mention_names
before insert or update on public.note_comments
for each row execute function public.note_comments_mention_names();

revoke execute on function public.note_comments_mention_names() from public, anon, authenticated;
