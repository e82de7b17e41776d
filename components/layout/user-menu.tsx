"use client";

import { useTransition } from "react";
import Link from "next/link";
import { IdCard, LogOut, UserRound } from "lucide-react";
import { toast } from "sonner";

import { Avatar, initialsOf } from "@/components/account/avatar";
import { loadSupabase, useSupabaseConfig } from "@/components/supabase/supabase-config";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { authErrorMessage } from "@/lib/auth/error-messages";

/** The signed-in user's menu; the server renders it already knowing who they are. */
export function UserMenu({
  email,
  name,
  avatarSrc,
}: {
  email: string;
  /** Display name, @username or the address's local part. */
  name: string;
  avatarSrc: string | null;
}) {
  const config = useSupabaseConfig();
  const [pending, startTransition] = useTransition();

  function signOut() {
    startTransition(async () => {
      const supabase = await loadSupabase(config).catch(() => null);
      if (!supabase) {
        toast.error("Could not sign out: check your connection and try again.");
        return;
      }
      // The listener in this tab and in every other tab reacts to SIGNED_OUT.
      const { error } = await supabase.auth.signOut();
      if (error) toast.error(authErrorMessage(error));
      // Forgotten here too, not only when the page hears SIGNED_OUT.
      else await import("@/lib/auth/forget-device").then((m) => m.forgetThisDevice());
    });
  }

  // The name holds what the button shows (WCAG 2.5.3, label in name), so speech users can say it:
  // the initials when there is no picture.
  const shown = avatarSrc ? "" : `${initialsOf(name)}: `;
  const who = name === email.split("@")[0] ? "" : `, ${name}`;
  const label = `${shown}Account menu for ${email}${who}`;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full" aria-label={label}>
          <Avatar name={name} src={avatarSrc} size={32} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="font-normal">
          <span className="block truncate text-sm font-medium" data-testid="user-name">
            {name}
          </span>
          <span className="block truncate text-xs text-muted-foreground" data-testid="user-email">
            {email}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/account/profile">
            <IdCard aria-hidden />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/account">
            <UserRound aria-hidden />
            Account
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem disabled={pending} onSelect={signOut}>
          <LogOut aria-hidden />
          {pending ? "Signing out…" : "Sign out"}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
