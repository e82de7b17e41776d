import { isAccess, isRole, type Access, type Role } from "@/lib/sharing/roles";

/** A row of `note_people` or `folder_people`. */
export type PeopleRow = {
  user_id: string;
  role: string;
  name: string;
  email: string | null;
  avatar_path: string | null;
  direct_role: string | null;
  through: string | null;
};

/**
 * Someone with access as the Share dialog lists them. A person shared with directly is a row the
 * owner manages here (`role` is the role given here); someone who has it only through a folder
 * above is read-only, `through` naming that folder, and `role` is what the folder gives them.
 */
export type Person = {
  userId: string;
  role: Access;
  name: string;
  email: string | null;
  avatarPath: string | null;
  /** The folder it comes from, when the person has it only through a folder. */
  through: string | null;
};

/** The dialog's rows from the server's: direct shares keep their controls, the rest say where from. */
export function sharingPersonFrom(row: PeopleRow): Person | null {
  const direct = isRole(row.direct_role) ? row.direct_role : null;
  const role: Access | null =
    row.role === "owner" ? "owner" : (direct ?? (isAccess(row.role) ? row.role : null));
  if (role === null) return null;
  return {
    userId: row.user_id,
    role,
    name: row.name,
    email: row.email,
    avatarPath: row.avatar_path,
    through: role === "owner" || direct ? null : row.through,
  };
}

/** Whether `userId` is one of its members themselves (not only through a folder above). */
export const isDirectMember = (rows: readonly PeopleRow[], userId: string): boolean =>
  rows.some((r) => r.user_id === userId && r.role !== "owner" && r.direct_role !== null);

export type { Role };
