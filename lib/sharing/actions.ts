"use server";

import { z } from "zod";

import { failure, NO_SUCH_NOTE } from "@/lib/actions/failure";
import { userAction, type ActionContext } from "@/lib/actions/with-user";
import { isNoteId } from "@/lib/notes/limits";
import { isDirectMember, sharingPersonFrom, type Person } from "@/lib/sharing/people";
import { ROLES, type Role } from "@/lib/sharing/roles";
import { siteUrl } from "@/lib/site-url";
import { createAdminClient } from "@/lib/supabase/admin";

export type { Person, Role };
/** What can be shared with people: a note, or a folder (every note in it and below it). */
export type Target = "note" | "folder";
export type PendingInvitation = { id: string; email: string; role: Role };
export type People = {
  people?: Person[];
  invitations?: PendingInvitation[];
  mine?: boolean;
  /** The caller is one of its members (not its owner, nor someone with it through a folder). */
  member?: boolean;
  error?: string;
};
export type SharingResult = { error?: string; invited?: "member" | "invitation" };

const target = z.enum(["note", "folder"]);
const id = z.string().refine(isNoteId);
const role = z.enum(ROLES);
const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(320)
  .pipe(z.email({ error: "Enter an email address, such as ana@example.com." }));

const NO_SUCH_FOLDER = "That folder doesn't exist.";
const invalid = { invalid: "That note or folder doesn't exist." };

/**
 * How each target is kept: its members' table and the column naming it, its role and people
 * functions, and the sentences a person reads about it. The two member tables have one shape.
 */
const KINDS = {
  note: {
    members: "note_members",
    column: "note_id",
    role: "note_role",
    people: "note_people",
    missing: NO_SUCH_NOTE,
    onlyOwner: "Only the note's owner can change who has access.",
    yours: "That's you: the note is yours already.",
    opens: (noteId: string) => `/notes/${noteId}`,
  },
  folder: {
    members: "folder_members",
    column: "folder_id",
    role: "folder_role",
    people: "folder_people",
    missing: NO_SUCH_FOLDER,
    onlyOwner: "Only the folder's owner can change who has access.",
    yours: "That's you: the folder is yours already.",
    // A folder shared with someone is listed under Shared with me, not in their own tree.
    opens: () => "/notes/shared",
  },
} as const;

function membersOf({ supabase }: ActionContext, kind: Target) {
  // One shape, two tables: typed as the note's so one query serves both.
  return supabase.from(KINDS[kind].members as "note_members");
}
const column = (kind: Target) => KINDS[kind].column as "note_id";

async function roleOn({ supabase }: ActionContext, kind: Target, targetId: string) {
  const { data, error } =
    kind === "note"
      ? await supabase.rpc("note_role", { note_id: targetId })
      : await supabase.rpc("folder_role", { folder_id: targetId });
  if (error) return { error };
  return { role: data };
}

/** Who has access to a note or folder, and (for its owner) the invitations not yet accepted. */
export const sharingPeople = userAction(
  z.tuple([target, id]),
  async ([kind, targetId], context): Promise<People> => {
    const { supabase } = context;
    const people =
      kind === "note"
        ? await supabase.rpc("note_people", { note_id: targetId })
        : await supabase.rpc("folder_people", { folder_id: targetId });
    if (people.error) return failure("read who has access", people.error);
    if (people.data.length === 0) return { error: KINDS[kind].missing };
    const mine = people.data.some((p) => p.role === "owner" && p.email !== null);
    const member = isDirectMember(people.data, context.user.id);
    let invitations: PendingInvitation[] = [];
    if (mine) {
      const pending = await supabase
        .from("invitations")
        .select("id, email, role")
        .eq(column(kind), targetId)
        .is("accepted_at", null)
        .order("created_at");
      if (pending.error) return failure("read the invitations", pending.error);
      invitations = pending.data.map((i) => ({ ...i, role: i.role as Role }));
    }
    return {
      mine,
      member,
      invitations,
      people: people.data.flatMap((p) => sharingPersonFrom(p) ?? []),
    };
  },
  invalid,
);

/**
 * Shares a note or folder with an address: someone with an account gets access at once (and sees
 * it under Shared with me); anyone else gets an invitation mail from Supabase Auth, and access
 * once they accept it. Only the owner may; RLS checks that again for every row written.
 */
export const inviteTo = userAction(
  z.tuple([target, id, email, role]),
  async ([kind, targetId, address, as], context): Promise<SharingResult> => {
    const about = KINDS[kind];
    const owns = await roleOn(context, kind, targetId);
    if (owns.error || owns.role === null) return { error: about.missing };
    if (owns.role !== "owner") return { error: about.onlyOwner };
    const admin = createAdminClient();
    const found = await admin.rpc("user_id_for_email", { address });
    if (found.error) return failure("invite them", found.error);
    if (found.data === context.user.id) return { error: about.yours };
    if (found.data) {
      const added = await membersOf(context, kind).insert({
        [column(kind)]: targetId,
        user_id: found.data,
        role: as,
      } as { note_id: string; user_id: string; role: Role });
      if (added.error?.code === "23505") {
        const changed = await membersOf(context, kind)
          .update({ role: as })
          .eq(column(kind), targetId)
          .eq("user_id", found.data);
        if (changed.error) return failure("change their access", changed.error);
      } else if (added.error) return failure(`share the ${kind}`, added.error);
      return { invited: "member" };
    }
    const invited = await context.supabase
      .from("invitations")
      .insert({ email: address, [column(kind)]: targetId, role: as });
    if (invited.error?.code === "23505") return { error: `${address} is invited already.` };
    if (invited.error) return failure("invite them", invited.error);
    const mailed = await admin.auth.admin.inviteUserByEmail(address, {
      redirectTo: `${siteUrl()}${about.opens(targetId)}`,
    });
    if (mailed.error) {
      await context.supabase
        .from("invitations")
        .delete()
        .eq(column(kind), targetId)
        .eq("email", address)
        .is("accepted_at", null);
      return failure("send the invitation", mailed.error);
    }
    return { invited: "invitation" };
  },
  { invalid: "Enter an email address, such as ana@example.com." },
);

/** Withdraws an invitation not yet accepted; its link then gives no access. */
export const withdrawInvitation = userAction(
  z.tuple([target, id, z.uuid()]),
  async ([kind, targetId, invitationId], { supabase }): Promise<SharingResult> => {
    const { data, error } = await supabase
      .from("invitations")
      .delete()
      .eq("id", invitationId)
      .eq(column(kind), targetId)
      .is("accepted_at", null)
      .select("id");
    if (error) return failure("withdraw the invitation", error);
    if (data.length === 0) return { error: "That invitation was accepted or withdrawn already." };
    return {};
  },
  invalid,
);

/** Changes a member's role; their open editor follows at once. */
export const changeRole = userAction(
  z.tuple([target, id, z.uuid(), role]),
  async ([kind, targetId, userId, as], context): Promise<SharingResult> => {
    const { data, error } = await membersOf(context, kind)
      .update({ role: as })
      .eq(column(kind), targetId)
      .eq("user_id", userId)
      .select("user_id");
    if (error) return failure("change their access", error);
    if (data.length === 0) return { error: KINDS[kind].onlyOwner };
    return {};
  },
  invalid,
);

/** Takes a person's access away: their open editor closes and their next request is refused. */
export const removeMember = userAction(
  z.tuple([target, id, z.uuid()]),
  async ([kind, targetId, userId], context): Promise<SharingResult> => {
    const { data, error } = await membersOf(context, kind)
      .delete()
      .eq(column(kind), targetId)
      .eq("user_id", userId)
      .select("user_id");
    if (error) return failure("remove them", error);
    if (data.length === 0) return { error: KINDS[kind].onlyOwner };
    return {};
  },
  invalid,
);

/** A member leaves a note or folder shared with them. */
export const leave = userAction(
  z.tuple([target, id]),
  async ([kind, targetId], context): Promise<SharingResult> => {
    const { data, error } = await membersOf(context, kind)
      .delete()
      .eq(column(kind), targetId)
      .eq("user_id", context.user.id)
      .select("user_id");
    if (error) return failure(`leave the ${kind}`, error);
    if (data.length === 0) return { error: KINDS[kind].missing };
    return {};
  },
  invalid,
);
