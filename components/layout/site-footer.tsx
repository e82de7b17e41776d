"use client";

// Static on every page: as a client component it travels as code the browser caches rather than
// as markup repeated in each page's payload (see components/marketing/home-content.tsx).

import Link from "next/link";

import "@/components/layout/site-footer.css";

import { isNavGroup, siteConfig } from "@/lib/site-config";

export function SiteFooter() {
  const links = siteConfig.mainNav.flatMap((item) => (isNavGroup(item) ? item.items : [item]));

  return (
    <footer data-site-footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:px-6 md:flex-row md:items-center md:justify-between">
        <p>
          {siteConfig.name} — notes that keep up with you. Built on{" "}
          <a
            href="https://supabase.com"
            className="font-medium text-foreground underline underline-offset-4"
          >
            Supabase
          </a>
          .
        </p>
        <nav aria-label="Footer">
          <ul className="site-footer-links flex flex-wrap gap-x-4 gap-y-2">
            {links.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
