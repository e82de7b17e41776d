"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

import { isCurrentPage } from "@/lib/nav";
import { type NavLink } from "@/lib/site-config";
import { cn } from "@/lib/utils";

export function DocsNav({ links }: { links: readonly NavLink[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Documentation">
      <ul className="flex gap-1 overflow-x-auto md:flex-col">
        {links.map((link) => {
          const current = isCurrentPage(pathname, link.href);
          return (
            <li key={link.href}>
              <Link
                href={link.href}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "block rounded-md px-3 py-2 text-sm whitespace-nowrap text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  current && "bg-accent font-medium text-accent-foreground",
                )}
              >
                {link.title}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
