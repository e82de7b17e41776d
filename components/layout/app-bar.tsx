import Link from "next/link";

import { AccountMenu } from "@/components/layout/account-menu";
import { LogoMark } from "@/components/layout/logo";
import { ThemeSwitcher } from "@/components/layout/theme-switcher";
import { siteConfig } from "@/lib/site-config";

/**
 * The signed-in app's own bar, in place of the marketing header: the name (back to the notes),
 * the theme and the account. Compact, so the notes get the height. The root layout renders it for
 * signed-in people on the app's own pages (`RouteChrome`).
 */
export function AppBar() {
  return (
    // Outside the main region, so it is the page's banner.
    <header
      data-app-bar
      className="flex h-11 shrink-0 items-center gap-2 border-b bg-background px-2 sm:px-3"
    >
      <Link href="/notes" className="app-bar-home">
        <LogoMark className="size-5 text-primary" />
        <span>{siteConfig.name}</span>
      </Link>
      <div className="ml-auto flex items-center gap-1">
        <ThemeSwitcher />
        <AccountMenu />
      </div>
    </header>
  );
}
