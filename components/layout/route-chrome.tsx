"use client";

import { usePathname } from "next/navigation";

import { isAppFramePath } from "@/lib/auth/routes";

/**
 * The marketing header and footer, only where they show: a signed-in person's app pages bring
 * their own bar, so there these are neither sent as markup nor hydrated. The choice follows the
 * path, so a soft navigation between the site and the app swaps them as the page changes.
 */
export function SitePagesOnly({
  signedIn,
  children,
}: {
  signedIn: boolean;
  children: React.ReactNode;
}) {
  const pathname = usePathname();
  return signedIn && isAppFramePath(pathname) ? null : children;
}

/** The app's own bar, only on the app's pages. */
export function AppPagesOnly({ children }: { children: React.ReactNode }) {
  return isAppFramePath(usePathname()) ? children : null;
}
