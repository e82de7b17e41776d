"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

import {
  NavigationMenu,
  NavigationMenuContent,
  NavigationMenuItem,
  NavigationMenuLink,
  NavigationMenuList,
  NavigationMenuTopLink,
  NavigationMenuTrigger,
} from "@/components/ui/navigation-menu";
import { isActiveItem, isActiveSection, isCurrentPage } from "@/lib/nav";
import { isNavGroup, mainNavFor } from "@/lib/site-config";

/** The wide-screen menu. Radix gives it roving focus, arrow keys and Escape. */
export function MainNav({
  className,
  signedIn = false,
}: {
  className?: string;
  signedIn?: boolean;
}) {
  const pathname = usePathname();

  return (
    <NavigationMenu aria-label="Main" className={className}>
      <NavigationMenuList>
        {mainNavFor(signedIn).map((item) =>
          isNavGroup(item) ? (
            <NavigationMenuItem key={item.title}>
              <NavigationMenuTrigger data-active={isActiveItem(pathname, item) || undefined}>
                {item.title}
              </NavigationMenuTrigger>
              <NavigationMenuContent>
                <ul className="grid w-[22rem] gap-1 p-1 lg:w-[28rem]">
                  {item.items.map((link) => (
                    <li key={link.href}>
                      <NavigationMenuLink asChild active={isCurrentPage(pathname, link.href)}>
                        <Link href={link.href}>
                          <span className="font-medium">{link.title}</span>
                          {link.description && (
                            <span className="line-clamp-2 text-muted-foreground">
                              {link.description}
                            </span>
                          )}
                        </Link>
                      </NavigationMenuLink>
                    </li>
                  ))}
                </ul>
              </NavigationMenuContent>
            </NavigationMenuItem>
          ) : (
            <NavigationMenuItem key={item.href}>
              <NavigationMenuTopLink
                asChild
                active={isCurrentPage(pathname, item.href)}
                className={
                  // A page below this one (a note under Notes) shows where you are, too.
                  isActiveSection(pathname, item.href)
                    ? "bg-accent text-accent-foreground"
                    : "bg-transparent"
                }
              >
                <Link href={item.href}>{item.title}</Link>
              </NavigationMenuTopLink>
            </NavigationMenuItem>
          ),
        )}
      </NavigationMenuList>
    </NavigationMenu>
  );
}
