-- A note written as text (an import, or a row made by a script) gets its document the first time
-- it is opened. That document holds the same text, so it is not an edit: the note keeps its place
-- in "recently edited" instead of jumping to the top of the list for having been read. Any later
-- change of the document, and any change of the text, still moves updated_at to now.

create or replace function public.notes_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if char_length(new.title) > 500 then
    raise exception using errcode = '22001',
      message = 'A note''s title can be at most 500 characters.',
      hint = 'Shorten the title; the rest can go in the body.';
  end if;
  if char_length(new.body) > 200000 then
    raise exception using errcode = '22001',
      message = 'A note can be at most 200,000 characters long.',
      hint = 'Split it into two notes.';
  end if;
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
    if new.title is distinct from old.title or new.body is distinct from old.body
      or (old.ydoc is not null and new.ydoc is distinct from old.ydoc) then
      new.updated_at := now();
    else
      new.updated_at := old.updated_at;
    end if;
  end if;
  return new;
end;
$$;
