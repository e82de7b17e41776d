"use client";

// Shared by every account screen; as a client component it travels as cached code rather than as
// markup in each page payload (see components/marketing/home-content.tsx).

import Link from "next/link";

import { cn } from "@/lib/utils";

const LINKS = [
  { href: "/account/profile", label: "Profile" },
  { href: "/account", label: "Sign-in & security" },
  { href: "/account/data", label: "Your data" },
  { href: "/account/import", label: "Import" },
] as const;

export type AccountPath = (typeof LINKS)[number]["href"];

/** Tabs between the account screens; plain links, so they work before scripts run. */
export function AccountNav({ current }: { current: AccountPath }) {
  return (
    <nav aria-label="Account">
      <ul className="flex flex-wrap gap-1 border-b">
        {LINKS.map(({ href, label }) => (
          <li key={href}>
            <Link
              href={href}
              aria-current={href === current ? "page" : undefined}
              className={cn(
                "-mb-px inline-block border-b-2 border-transparent px-3 py-2 text-sm text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
                href === current && "border-primary font-medium text-foreground",
              )}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
