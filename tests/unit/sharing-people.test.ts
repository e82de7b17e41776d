// @vitest-environment node
import { describe, expect, it } from "vitest";

import { isDirectMember, sharingPersonFrom, type PeopleRow } from "@/lib/sharing/people";

const row = (over: Partial<PeopleRow>): PeopleRow => ({
  user_id: "u1",
  role: "viewer",
  name: "Ana",
  email: null,
  avatar_path: null,
  direct_role: null,
  through: null,
  ...over,
});

describe("the Share dialog's people from the server's rows", () => {
  it("someone with it only through a folder is read-only, with the folder's role and name", () => {
    expect(sharingPersonFrom(row({ role: "commenter", through: "Garden" }))).toEqual({
      userId: "u1",
      role: "commenter",
      name: "Ana",
      email: null,
      avatarPath: null,
      through: "Garden",
    });
  });

  it("a direct share stays a direct row with the role given here, even when a folder gives more", () => {
    const person = sharingPersonFrom(
      row({ role: "editor", direct_role: "viewer", through: "Garden", email: "ana@example.com" }),
    );
    expect(person).toMatchObject({ role: "viewer", through: null, email: "ana@example.com" });
  });

  it("the owner is the owner, never through a folder; an unknown role is left out", () => {
    expect(sharingPersonFrom(row({ role: "owner", through: "Garden" }))).toMatchObject({
      role: "owner",
      through: null,
    });
    expect(sharingPersonFrom(row({ role: "admin" }))).toBeNull();
  });

  it("only a direct share makes the caller a member who may leave it here", () => {
    const rows = [
      row({ user_id: "owner", role: "owner" }),
      row({ user_id: "folder", role: "editor", through: "Garden" }),
      row({ user_id: "direct", role: "viewer", direct_role: "viewer" }),
    ];
    expect(isDirectMember(rows, "folder")).toBe(false);
    expect(isDirectMember(rows, "direct")).toBe(true);
    expect(isDirectMember(rows, "owner")).toBe(false);
  });
});
