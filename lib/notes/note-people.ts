import { avatarPathFor } from "@/lib/profile/session-profile";

/** A row of `note_people`: the address only for the owner, the picture only when there is one. */
type Row = {
  user_id: string;
  role: string;
  name: string | null;
  email: string | null;
  avatar_path: string | null;
};

/** Someone with access to a note, as the server knows them: the name and face others are shown. */
export interface NotePerson {
  userId: string;
  name: string;
  /** Path in the public `avatars` bucket, inside the person's own folder. */
  avatarPath: string | null;
}

export type NotePeople = ReadonlyMap<string, NotePerson>;

export const NO_PEOPLE: NotePeople = new Map();

/** `note_people`'s rows by user id; a person without a name is shown by address, when known. */
export function notePeopleFrom(rows: readonly Row[] | null | undefined): NotePeople {
  return new Map(
    (rows ?? []).map((r) => [
      r.user_id,
      {
        userId: r.user_id,
        name: r.name || r.email || "",
        avatarPath: avatarPathFor(r.user_id, r.avatar_path),
      },
    ]),
  );
}
