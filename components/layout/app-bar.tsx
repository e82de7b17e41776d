import Link from "next/link";

import { AccountMenu } from "@/components/layout/account-menu";
import { ThemeSwitcher } from "@/components/layout/theme-switcher";
import { siteConfig } from "@/lib/site-config";

/**
 * The signed-in app's own bar, in place of the marketing header: the name (back to the notes),
 * the theme and the account. Compact, so the notes get the height.
 */
export function AppBar() {
  return (
    // Inside the page's main region, a header is no landmark by itself: it is this page's banner.
    <header
      role="banner"
      className="flex h-11 shrink-0 items-center gap-2 border-b bg-background px-2 sm:px-3"
    >
      <Link
        href="/notes"
        className="flex items-center gap-2 rounded-md px-1 text-sm font-semibold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5 text-primary">
          <rect x="2" y="14" width="20" height="4" rx="1.5" fill="currentColor" />
          <rect x="5" y="8" width="14" height="4" rx="1.5" fill="currentColor" opacity="0.7" />
          <rect x="8" y="2" width="8" height="4" rx="1.5" fill="currentColor" opacity="0.45" />
          <rect x="2" y="20" width="20" height="2" rx="1" fill="currentColor" opacity="0.3" />
        </svg>
        <span>{siteConfig.name}</span>
      </Link>
      <div className="ml-auto flex items-center gap-1">
        <ThemeSwitcher />
        <AccountMenu />
      </div>
    </header>
  );
}
