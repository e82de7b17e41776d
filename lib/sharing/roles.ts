/**
 * The roles a person can be given on a note or a folder, in the order a role picker offers them,
 * and what each is called. Everything that checks or offers a role reads it from here.
 */
export const ROLES = ["editor", "viewer"] as const;

export type Role = (typeof ROLES)[number];

export const ROLE_LABEL: Record<Role | "owner", string> = {
  owner: "Owner",
  editor: "Can edit",
  viewer: "Can view",
};

/** The options of every role picker: each role with its label. */
export const ROLE_OPTIONS: readonly { value: Role; label: string }[] = ROLES.map((value) => ({
  value,
  label: ROLE_LABEL[value],
}));

export function isRole(value: unknown): value is Role {
  return (ROLES as readonly unknown[]).includes(value);
}
