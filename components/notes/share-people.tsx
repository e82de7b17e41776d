"use client";

import { useCallback, useEffect, useId, useState, useTransition } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { toast } from "sonner";

import {
  changeRole,
  inviteTo,
  leave as leaveTarget,
  removeMember,
  sharingPeople,
  withdrawInvitation,
  type People,
  type Target,
} from "@/lib/sharing/actions";
import { DEFAULT_ROLE, ROLE_LABEL, ROLE_OPTIONS, isRole, type Role } from "@/lib/sharing/roles";
import { avatarUrl } from "@/lib/profile/session-profile";
import { Avatar } from "@/components/account/avatar";
import { useSupabaseConfig } from "@/components/supabase/supabase-config";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

const AVATAR = 28;
const selectClass =
  "h-9 rounded-md border border-input bg-background px-2 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50";

/** Every role a person can be given, as a picker's options. */
function RoleOptions() {
  return ROLE_OPTIONS.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

/**
 * The Share dialog's People part, for a note or a folder: who has access (face, name, role), and
 * for its owner an invitation by email with a role, each person's role and Remove, and pending
 * invitations with Withdraw. Someone it is shared with may leave.
 */
export function SharePeople({
  id,
  owner,
  target = "note",
  onLeft,
}: {
  id: string;
  owner: boolean;
  target?: Target;
  /** After leaving; a note goes to Shared with me by default. */
  onLeft?: () => void;
}) {
  const router = useRouter();
  const { url } = useSupabaseConfig();
  const [people, setPeople] = useState<People>({});
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>(DEFAULT_ROLE);
  const [pending, startTransition] = useTransition();
  const emailId = useId();
  const roleId = useId();

  const load = useCallback(async () => {
    const result = await sharingPeople(target, id);
    if (result.error) toast.error(result.error);
    else setPeople(result);
  }, [target, id]);

  useEffect(() => {
    // The dialog's content mounts when it opens: read who has access then.
    void load(); // eslint-disable-line react-hooks/set-state-in-effect
  }, [load]);

  const act = (run: () => Promise<{ error?: string }>, done?: string) =>
    startTransition(async () => {
      const result = await run();
      if (result.error) toast.error(result.error);
      else if (done) toast.success(done);
      // The owner's folder tree marks folders shared with people: it is read again.
      if (!result.error && target === "folder") router.refresh();
      await load();
    });

  const invite = (event: React.FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    startTransition(async () => {
      const result = await inviteTo(target, id, address, role);
      if (result.error) {
        toast.error(result.error);
        return;
      }
      setEmail("");
      if (target === "folder") router.refresh();
      toast.success(
        result.invited === "member" ? `Shared with ${address}.` : `Invitation sent to ${address}.`,
      );
      await load();
    });
  };

  const leave = () =>
    startTransition(async () => {
      const result = await leaveTarget(target, id);
      if (result.error) toast.error(result.error);
      else if (onLeft) onLeft();
      else router.push("/notes/shared");
    });

  return (
    <section
      aria-labelledby={`${emailId}-people`}
      className="flex min-w-0 flex-col gap-3 border-t pt-4"
    >
      <h3 id={`${emailId}-people`} className="text-sm font-medium">
        People
      </h3>
      {owner && (
        <form onSubmit={invite} className="flex flex-wrap items-end gap-2">
          <div className="flex min-w-48 flex-1 flex-col gap-1">
            <Label htmlFor={emailId}>Invite by email</Label>
            <Input
              id={emailId}
              type="email"
              required
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              placeholder="ana@example.com"
            />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor={roleId}>Role</Label>
            <select
              id={roleId}
              className={selectClass}
              value={role}
              onChange={(e) => isRole(e.target.value) && setRole(e.target.value)}
            >
              <RoleOptions />
            </select>
          </div>
          <Button type="submit" disabled={pending}>
            Invite
          </Button>
        </form>
      )}
      <ul className="flex flex-col gap-2" aria-label="People with access">
        {(people.people ?? []).map((person) => {
          const name = person.name || person.email || "Someone";
          return (
            <li key={person.userId} className="flex items-center gap-2 text-sm">
              <Avatar
                name={name}
                size={AVATAR}
                src={person.avatarPath ? avatarUrl(url, person.avatarPath, AVATAR) : null}
                className="shrink-0"
              />
              <span className="mr-auto min-w-0 truncate">
                {name}
                {person.email && person.email !== name && (
                  <span className="text-muted-foreground"> · {person.email}</span>
                )}
                {person.through && (
                  <span className="block truncate text-xs text-muted-foreground">
                    Through {person.through}
                  </span>
                )}
              </span>
              {owner && person.role !== "owner" && !person.through ? (
                <>
                  <select
                    aria-label={`Role of ${name}`}
                    className={selectClass}
                    value={person.role}
                    disabled={pending}
                    onChange={(e) => {
                      const as = e.target.value;
                      if (isRole(as)) act(() => changeRole(target, id, person.userId, as));
                    }}
                  >
                    <RoleOptions />
                  </select>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={pending}
                    aria-label={`Remove ${name}`}
                    onClick={() =>
                      act(() => removeMember(target, id, person.userId), `${name} removed.`)
                    }
                  >
                    Remove
                  </Button>
                </>
              ) : (
                <span className="shrink-0 whitespace-nowrap">{ROLE_LABEL[person.role]}</span>
              )}
            </li>
          );
        })}
      </ul>
      {owner && (people.invitations ?? []).length > 0 && (
        <>
          <h4 className="text-sm font-medium">Invited, not joined yet</h4>
          <ul className="flex flex-col gap-2" aria-label="Pending invitations">
            {(people.invitations ?? []).map((invitation) => (
              <li key={invitation.id} className="flex items-center gap-2 text-sm">
                <span className="mr-auto min-w-0 truncate">{invitation.email}</span>
                <span className="shrink-0 whitespace-nowrap">{ROLE_LABEL[invitation.role]}</span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={pending}
                  aria-label={`Withdraw the invitation to ${invitation.email}`}
                  onClick={() =>
                    act(
                      () => withdrawInvitation(target, id, invitation.id),
                      "Invitation withdrawn.",
                    )
                  }
                >
                  Withdraw
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      {!owner && people.member && (
        <Button variant="outline" onClick={leave} disabled={pending}>
          Leave this {target}
        </Button>
      )}
      {!owner && people.member === false && (
        <p className="text-sm text-muted-foreground">
          You have this note through a shared folder. To leave it, leave the folder under{" "}
          <Link href="/notes/shared" className="underline underline-offset-4">
            Shared with me
          </Link>
          .
        </p>
      )}
    </section>
  );
}
