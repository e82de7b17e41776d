"use client";

import { Logo } from "@/components/layout/logo";
import { MainNav } from "@/components/layout/main-nav";
import { MobileNav } from "@/components/layout/mobile-nav";
import { ThemeSwitcher } from "@/components/layout/theme-switcher";

/**
 * The header's frame, the same on every page but for the signed-in state and the account slot.
 * A client component, so each page's payload carries a reference to it instead of its markup.
 */
export function HeaderBar({ signedIn, account }: { signedIn: boolean; account: React.ReactNode }) {
  return (
    <header
      data-site-header
      className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75"
    >
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
        <Logo />
        <MainNav className="hidden md:flex" signedIn={signedIn} />
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <ThemeSwitcher />
          {/* Sign-in link (a dialog once scripts run) or the signed-in user's menu. */}
          {account}
          <MobileNav className="md:hidden" signedIn={signedIn} />
        </div>
      </div>
    </header>
  );
}
