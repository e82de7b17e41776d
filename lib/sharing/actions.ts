"use server";

import { z } from "zod";

import { failure, NO_SUCH_NOTE } from "@/lib/actions/failure";
import { userAction, type ActionContext } from "@/lib/actions/with-user";
import { isNoteId } from "@/lib/notes/limits";
import { ROLES, type Role } from "@/lib/sharing/roles";
import { siteUrl } from "@/lib/site-url";
import { createAdminClient } from "@/lib/supabase/admin";

export type { Role };
export type Person = { userId: string; role: "owner" | Role; name: string; email: string | null };
export type PendingInvitation = { id: string; email: string; role: Role };
export type People = {
  people?: Person[];
  invitations?: PendingInvitation[];
  mine?: boolean;
  error?: string;
};
export type SharingResult = { error?: string; invited?: "member" | "invitation" };

const id = z.string().refine(isNoteId);
const role = z.enum(ROLES);
const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(320)
  .pipe(z.email({ error: "Enter an email address, such as ana@example.com." }));
const aboutANote = { invalid: NO_SUCH_NOTE };

const ONLY_OWNER = "Only the note's owner can change who has access.";

async function ownsNote({ supabase }: ActionContext, noteId: string): Promise<boolean | null> {
  const { data, error } = await supabase.rpc("note_role", { note_id: noteId });
  if (error) return null;
  return data === "owner";
}

/** Who has access to a note, and (for its owner) the invitations not yet accepted. */
export const notePeople = userAction(
  z.tuple([id]),
  async ([noteId], { supabase }): Promise<People> => {
    const people = await supabase.rpc("note_people", { note_id: noteId });
    if (people.error) return failure("read who has access", people.error);
    if (people.data.length === 0) return { error: NO_SUCH_NOTE };
    const mine = people.data.some((p) => p.role === "owner" && p.email !== null);
    let invitations: PendingInvitation[] = [];
    if (mine) {
      const pending = await supabase
        .from("invitations")
        .select("id, email, role")
        .eq("note_id", noteId)
        .is("accepted_at", null)
        .order("created_at");
      if (pending.error) return failure("read the invitations", pending.error);
      invitations = pending.data.map((i) => ({ ...i, role: i.role as Role }));
    }
    return {
      mine,
      invitations,
      people: people.data.map((p) => ({
        userId: p.user_id,
        role: p.role as Person["role"],
        name: p.name,
        email: p.email,
      })),
    };
  },
  aboutANote,
);

/**
 * Shares a note with an address: someone with an account gets access at once (and sees it under
 * Shared with me); anyone else gets an invitation mail from Supabase Auth, and access once they
 * accept it. Only the owner may; RLS checks that again for every row written.
 */
export const inviteToNote = userAction(
  z.tuple([id, email, role]),
  async ([noteId, address, as], context): Promise<SharingResult> => {
    const owns = await ownsNote(context, noteId);
    if (owns === null) return { error: NO_SUCH_NOTE };
    if (!owns) return { error: ONLY_OWNER };
    const admin = createAdminClient();
    const found = await admin.rpc("user_id_for_email", { address });
    if (found.error) return failure("invite them", found.error);
    if (found.data === context.user.id) return { error: "That's you: the note is yours already." };
    if (found.data) {
      const added = await context.supabase
        .from("note_members")
        .insert({ note_id: noteId, user_id: found.data, role: as });
      if (added.error?.code === "23505") {
        const changed = await context.supabase
          .from("note_members")
          .update({ role: as })
          .eq("note_id", noteId)
          .eq("user_id", found.data);
        if (changed.error) return failure("change their access", changed.error);
      } else if (added.error) return failure("share the note", added.error);
      return { invited: "member" };
    }
    const invited = await context.supabase
      .from("invitations")
      .insert({ email: address, note_id: noteId, role: as });
    if (invited.error?.code === "23505") return { error: `${address} is invited already.` };
    if (invited.error) return failure("invite them", invited.error);
    const mailed = await admin.auth.admin.inviteUserByEmail(address, {
      redirectTo: `${siteUrl()}/notes/${noteId}`,
    });
    if (mailed.error) {
      await context.supabase
        .from("invitations")
        .delete()
        .eq("note_id", noteId)
        .eq("email", address)
        .is("accepted_at", null);
      return failure("send the invitation", mailed.error);
    }
    return { invited: "invitation" };
  },
  { invalid: "Enter an email address, such as ana@example.com." },
);

/** Withdraws an invitation not yet accepted; its link then gives no access to the note. */
export const withdrawInvitation = userAction(
  z.tuple([id, z.uuid()]),
  async ([noteId, invitationId], { supabase }): Promise<SharingResult> => {
    const { data, error } = await supabase
      .from("invitations")
      .delete()
      .eq("id", invitationId)
      .eq("note_id", noteId)
      .is("accepted_at", null)
      .select("id");
    if (error) return failure("withdraw the invitation", error);
    if (data.length === 0) return { error: "That invitation was accepted or withdrawn already." };
    return {};
  },
  aboutANote,
);

/** Changes a member's role; their open editor follows at once. */
export const changeRole = userAction(
  z.tuple([id, z.uuid(), role]),
  async ([noteId, userId, as], { supabase }): Promise<SharingResult> => {
    const { data, error } = await supabase
      .from("note_members")
      .update({ role: as })
      .eq("note_id", noteId)
      .eq("user_id", userId)
      .select("user_id");
    if (error) return failure("change their access", error);
    if (data.length === 0) return { error: ONLY_OWNER };
    return {};
  },
  aboutANote,
);

/** Takes a person's access away: their open editor closes and their next request is refused. */
export const removeMember = userAction(
  z.tuple([id, z.uuid()]),
  async ([noteId, userId], { supabase }): Promise<SharingResult> => {
    const { data, error } = await supabase
      .from("note_members")
      .delete()
      .eq("note_id", noteId)
      .eq("user_id", userId)
      .select("user_id");
    if (error) return failure("remove them", error);
    if (data.length === 0) return { error: ONLY_OWNER };
    return {};
  },
  aboutANote,
);

/** A member leaves a note shared with them. */
export const leaveNote = userAction(
  z.tuple([id]),
  async ([noteId], { supabase, user }): Promise<SharingResult> => {
    const { data, error } = await supabase
      .from("note_members")
      .delete()
      .eq("note_id", noteId)
      .eq("user_id", user.id)
      .select("user_id");
    if (error) return failure("leave the note", error);
    if (data.length === 0) return { error: NO_SUCH_NOTE };
    return {};
  },
  aboutANote,
);
