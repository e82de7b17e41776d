-- A change to a note reaches its owner's open pages as a slim broadcast on their private topic
-- (20261204100000_note_changes_as_list_broadcasts.sql); nothing subscribes to the notes table's
-- Postgres changes any more. While the table stays in the publication, every write to it, the
-- whole body with it, is still decoded for Realtime: a person typing costs that twice a second.
-- It leaves the publication. Folders, profiles and the sharing tables stay.
alter publication supabase_realtime drop table public.notes;
