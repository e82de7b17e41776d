"use client";

// Shared by every account screen; as a client component it travels as cached code rather than as
// markup in each page payload (see components/marketing/home-content.tsx).

import Link from "next/link";

import { cn } from "@/lib/utils";

export type AccountPath = "/account/profile" | "/account" | "/account/data" | "/account/import";

const LINKS: { href: AccountPath; label: string; short?: string }[] = [
  { href: "/account/profile", label: "Profile" },
  { href: "/account", label: "Sign-in & security", short: "Security" },
  { href: "/account/data", label: "Your data", short: "Data" },
  { href: "/account/import", label: "Import" },
];

/**
 * Tabs between the account screens; plain links, so they work before scripts run. On a phone the
 * longer names are shortened (their whole name is still what is read out), so the tabs keep one
 * line down to 320 px.
 */
export function AccountNav({ current }: { current: AccountPath }) {
  return (
    <nav aria-label="Account">
      <ul className="flex flex-wrap gap-1 border-b">
        {LINKS.map(({ href, label, short }) => (
          <li key={href}>
            <Link
              href={href}
              aria-current={href === current ? "page" : undefined}
              className={cn(
                "-mb-px inline-block border-b-2 border-transparent px-2 py-2 text-sm text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none sm:px-3",
                href === current && "border-primary font-medium text-foreground",
              )}
            >
              {short ? (
                <>
                  <span aria-hidden="true" className="sm:hidden">
                    {short}
                  </span>
                  <span className="max-sm:sr-only">{label}</span>
                </>
              ) : (
                label
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
