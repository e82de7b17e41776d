"use client";

import { useRef, useState } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { XIcon } from "lucide-react";
import { MenuIcon } from "@/components/ui/icons";

import { Button } from "@/components/ui/button";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { isActiveSection, isCurrentPage } from "@/lib/nav";
import { isNavGroup, mainNavFor, type NavLink } from "@/lib/site-config";
import { cn } from "@/lib/utils";

/** Narrow screens: a panel that drops below the header. Escape closes it and returns focus. */
export function MobileNav({
  className,
  signedIn = false,
}: {
  className?: string;
  signedIn?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const triggerRef = useRef<HTMLButtonElement>(null);

  const renderLink = (link: NavLink) => {
    const current = isCurrentPage(pathname, link.href);
    return (
      <li key={link.href}>
        <Link
          href={link.href}
          aria-current={current ? "page" : undefined}
          onClick={() => setOpen(false)}
          className={cn(
            "block rounded-md px-3 py-2 text-base font-medium outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
            isActiveSection(pathname, link.href) && "bg-accent text-accent-foreground",
          )}
        >
          {link.title}
        </Link>
      </li>
    );
  };

  return (
    <Collapsible open={open} onOpenChange={setOpen} className={className}>
      <CollapsibleTrigger asChild>
        <Button ref={triggerRef} variant="ghost" size="icon" aria-label="Menu">
          {open ? <XIcon aria-hidden="true" /> : <MenuIcon aria-hidden="true" />}
        </Button>
      </CollapsibleTrigger>
      <CollapsibleContent
        className="absolute inset-x-0 top-full border-b bg-background shadow-lg"
        onKeyDown={(event) => {
          if (event.key !== "Escape") return;
          setOpen(false);
          triggerRef.current?.focus();
        }}
      >
        <nav
          aria-label="Main"
          className="mx-auto max-h-[75dvh] max-w-6xl overflow-y-auto px-4 py-4 sm:px-6"
        >
          <ul className="grid gap-1">
            {mainNavFor(signedIn).map((item) =>
              isNavGroup(item) ? (
                <li key={item.title} className="mt-2">
                  <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                    {item.title}
                  </p>
                  <ul className="grid gap-1">{item.items.map(renderLink)}</ul>
                </li>
              ) : (
                renderLink(item)
              ),
            )}
          </ul>
        </nav>
      </CollapsibleContent>
    </Collapsible>
  );
}
