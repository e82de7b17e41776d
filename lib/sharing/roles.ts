/**
 * The roles a note or folder is shared with, strongest first, and how the app names them. The
 * database ranks them the same way (note_role, folder_role): someone given several has the
 * strongest.
 *
 *   editor     changes the note, adds files, takes part in its comments;
 *   commenter  reads the note and takes part in its comments;
 *   viewer     reads the note and its comments.
 */
export const ROLES = ["editor", "commenter", "viewer"] as const;

/** A role a note or folder is shared with. */
export type Role = (typeof ROLES)[number];
/** A person's access to a note or folder, its owner included. */
export type Access = "owner" | Role;

/** The label of each role in pickers and lists. */
export const ROLE_LABEL: Record<Access, string> = {
  owner: "Owner",
  editor: "Can edit",
  commenter: "Can comment",
  viewer: "Can view",
};

/** The role a new invitation starts with. */
export const DEFAULT_ROLE: Role = "editor";

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function isAccess(value: unknown): value is Access {
  return value === "owner" || isRole(value);
}

/** Whether this access changes the note's text and files. */
export const canEditWith = (access: Access | null | undefined): boolean =>
  access === "owner" || access === "editor";

/** Whether this access writes, replies to and resolves comments. */
export const canCommentWith = (access: Access | null | undefined): boolean =>
  canEditWith(access) || access === "commenter";

/** The options of every role picker, strongest first: each role with its label. */
export const ROLE_OPTIONS: readonly { value: Role; label: string }[] = ROLES.map((value) => ({
  value,
  label: ROLE_LABEL[value],
}));
