"use client";

import { useCallback, useEffect, useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";

import {
  changeRole,
  inviteToNote,
  leaveNote,
  notePeople,
  removeMember,
  withdrawInvitation,
  type People,
  type Role,
} from "@/lib/sharing/actions";
import { DEFAULT_ROLE, ROLE_LABEL, ROLES } from "@/lib/sharing/roles";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

const selectClass =
  "h-9 rounded-md border border-input bg-background px-2 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50";

/**
 * The Share dialog's People part: who has access to the note, and for its owner an invitation by
 * email with a role, each person's role and Remove, and pending invitations with Withdraw.
 */
export function SharePeople({ id, owner }: { id: string; owner: boolean }) {
  const router = useRouter();
  const [people, setPeople] = useState<People>({});
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>(DEFAULT_ROLE);
  const [pending, startTransition] = useTransition();
  const emailId = useId();
  const roleId = useId();

  const load = useCallback(async () => {
    const result = await notePeople(id);
    if (result.error) toast.error(result.error);
    else setPeople(result);
  }, [id]);

  useEffect(() => {
    // The dialog's content mounts when it opens: read who has access then.
    void load(); // eslint-disable-line react-hooks/set-state-in-effect
  }, [load]);

  const act = (run: () => Promise<{ error?: string }>, done?: string) =>
    startTransition(async () => {
      const result = await run();
      if (result.error) toast.error(result.error);
      else if (done) toast.success(done);
      await load();
    });

  const invite = (event: React.FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    startTransition(async () => {
      const result = await inviteToNote(id, address, role);
      if (result.error) {
        toast.error(result.error);
        return;
      }
      setEmail("");
      toast.success(
        result.invited === "member" ? `Shared with ${address}.` : `Invitation sent to ${address}.`,
      );
      await load();
    });
  };

  const leave = () =>
    startTransition(async () => {
      const result = await leaveNote(id);
      if (result.error) toast.error(result.error);
      else router.push("/notes/shared");
    });

  return (
    <section aria-labelledby={`${emailId}-people`} className="flex flex-col gap-3 border-t pt-4">
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
              onChange={(e) => setRole(e.target.value as Role)}
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
              <span className="mr-auto min-w-0 truncate">
                {name}
                {person.email && person.email !== name && (
                  <span className="text-muted-foreground"> · {person.email}</span>
                )}
              </span>
              {owner && person.role !== "owner" ? (
                <>
                  <select
                    aria-label={`Role of ${name}`}
                    className={selectClass}
                    value={person.role}
                    disabled={pending}
                    onChange={(e) =>
                      act(() => changeRole(id, person.userId, e.target.value as Role))
                    }
                  >
                    <RoleOptions />
                  </select>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={pending}
                    aria-label={`Remove ${name}`}
                    onClick={() => act(() => removeMember(id, person.userId), `${name} removed.`)}
                  >
                    Remove
                  </Button>
                </>
              ) : (
                <span>{ROLE_LABEL[person.role]}</span>
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
                <span>{ROLE_LABEL[invitation.role]}</span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={pending}
                  aria-label={`Withdraw the invitation to ${invitation.email}`}
                  onClick={() =>
                    act(() => withdrawInvitation(id, invitation.id), "Invitation withdrawn.")
                  }
                >
                  Withdraw
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      {!owner && (
        <Button variant="outline" onClick={leave} disabled={pending}>
          Leave this note
        </Button>
      )}
    </section>
  );
}

function RoleOptions() {
  return ROLES.map((r) => (
    <option key={r} value={r}>
      {ROLE_LABEL[r]}
    </option>
  ));
}
